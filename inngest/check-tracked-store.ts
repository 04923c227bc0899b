import { raiseMonitorFailureAlert } from "@/lib/alerts";
import { checkTrackedStore } from "@/lib/tracking";
import { inngest } from "@/lib/workflow/client";
import { trackedStoreCheckRequested } from "@/lib/workflow/events";

/**
 * One tracked store's daily check: a monitoring job, unless it ran recently or keeps failing;
 * when the previous check's job failed, the store's followers are alerted (unreachable, blocking).
 */
export const checkTrackedStoreFn = inngest.createFunction(
  { id: "check-tracked-store", name: "Check a tracked store", retries: 3, triggers: [trackedStoreCheckRequested] },
  async ({ event, step }) => {
    const checked = await step.run("start-job", () => checkTrackedStore(event.data.storeId, new Date(event.data.at)));
    const { failure } = checked;
    if (failure) {
      await step.run("alert-failure", () => raiseMonitorFailureAlert(checked.storeId, { ...failure, at: new Date(failure.at) }));
    }

    return checked;
  },
);
