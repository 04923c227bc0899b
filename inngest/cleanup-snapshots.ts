import { CLEANUP_BATCH, pruneSnapshotBatch, type PrunedBatch } from "@/lib/tracking/cleanup-snapshots";
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
    let skipped = 0;
    // In job id order: a report passed over (its body could not be stored) is behind the cursor,
    // so it never takes the place of the jobs after it; the next run tries it again.
    let after: string | null = null;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const from: string | null = after;
      const done: PrunedBatch = await step.run(`prune-batch`, (): Promise<PrunedBatch> =>
        pruneSnapshotBatch(new Date(at), CLEANUP_BATCH, from),
      );
      pruned += done.jobs;
      skipped += done.skipped;
      if (done.next === null) break;
      after = done.next;
    }

    return { pruned, skipped };
  },
);
