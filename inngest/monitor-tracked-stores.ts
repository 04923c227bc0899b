import { listDueStores } from "@/lib/tracking";
import { inngest } from "@/lib/workflow/client";
import { cronMoment } from "@/lib/workflow/cron-moment";
import { trackedStoresMonitorRequested, trackedStoreCheckRequested } from "@/lib/workflow/events";

/**
 * Daily re-analysis of tracked stores. It ticks hourly; each store has its own minute of the
 * day (lib/tracking/monitor-schedule.ts), so each tick hands out about 1/24 of the stores, one
 * event per store, to check-tracked-store.
 */
export const monitorTrackedStores = inngest.createFunction(
  {
    // The id keeps its first name: on Inngest a new id is a new function, and the old cron would keep firing.
    id: "monitor-tracked-shops",
    name: "Monitor tracked stores",
    retries: 2,
    concurrency: { limit: 1 },
    triggers: [{ cron: "7 * * * *" }, trackedStoresMonitorRequested],
  },
  async ({ event, step }) => {
    const due = await step.run("find-due-stores", async () => {
      const at = cronMoment(event);

      return { at: at.toISOString(), storeIds: await listDueStores(at) };
    });
    if (due.storeIds.length > 0) {
      await step.sendEvent(
        "fan-out",
        due.storeIds.map((storeId) =>
          trackedStoreCheckRequested.create({ storeId, at: due.at }, { id: `check-${storeId}-${due.at.slice(0, 13)}` }),
        ),
      );
    }

    return { at: due.at, due: due.storeIds.length };
  },
);
