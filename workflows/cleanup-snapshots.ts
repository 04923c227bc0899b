import { CLEANUP_BATCH, pruneSnapshotBatch } from "@/lib/tracking/cleanup-snapshots";
import { inngest } from "@/lib/workflow/client";
import { cronMoment } from "@/lib/workflow/cron-moment";
import { snapshotCleanupRequested } from "@/lib/workflow/events";

/** Bounded work per run: at most this many batches; the rest waits for tomorrow's run. */
const MAX_BATCHES = 50;

/** Daily: drops the bulky data of old snapshots in bounded batches (lib/tracking/cleanup-snapshots.ts). */
export const cleanupSnapshots = inngest.createFunction(
  {
    id: "cleanup-snapshots",
    name: "Clean up old snapshots",
    retries: 3,
    concurrency: { limit: 1 },
    triggers: [{ cron: "40 3 * * *" }, snapshotCleanupRequested],
  },
  async ({ event, step }) => {
    const at = await step.run("start", () => cronMoment(event).toISOString());
    let pruned = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { jobs } = await step.run(`prune-batch`, () => pruneSnapshotBatch(new Date(at)));
      pruned += jobs;
      if (jobs < CLEANUP_BATCH) break;
    }

    return { pruned };
  },
);
