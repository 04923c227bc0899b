import { checkTrackedStore } from "@/lib/tracking";
import { inngest } from "@/lib/workflow/client";
import { trackedStoreCheckRequested } from "@/lib/workflow/events";

/** One tracked store's daily check: a monitoring job, unless it ran recently or keeps failing. */
export const checkTrackedStoreFn = inngest.createFunction(
  { id: "check-tracked-store", name: "Check a tracked store", retries: 3, triggers: [trackedStoreCheckRequested] },
  async ({ event, step }) => step.run("start-job", () => checkTrackedStore(event.data.storeId, new Date(event.data.at))),
);
