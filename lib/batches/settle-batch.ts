import { and, eq, isNull, lt } from "drizzle-orm";
import { getDb } from "@/db";
import { batches } from "@/db/schema";
import { batchHasOpenJobs, countBatchJobs } from "@/lib/jobs/batch-jobs";
import { logger } from "@/lib/log";
import { siteUrl } from "@/lib/site-url";
import { recordDeliveries, startDeliveries, webhookReceiver } from "@/lib/webhooks";

export const BATCH_COMPLETED_EVENT = "batch.completed";

/**
 * Ends the batch once none of its jobs is queued or running: sets `ended_at` and records the
 * `batch.completed` webhook in one transaction, under a lock on the batch's row, so whichever of
 * its jobs ends last sends it, and only once (two jobs ending together both call this; the second
 * finds the batch ended). Called by each batch job's run when it has ended, and as a backstop by
 * the stalled-jobs cron for jobs ended outside their run (settleOpenBatches). Answers whether this
 * call ended it.
 */
export async function settleBatch(batchId: string): Promise<boolean> {
  const delivery = await getDb().transaction(async (tx) => {
    const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId)).for("update");
    if (!batch || batch.endedAt) return null;
    if (await batchHasOpenJobs(tx, batchId)) return null;

    const endedAt = new Date();
    // A batch paid by x402 has no account: its own webhook_url, unsigned, as an x402 job's webhook is.
    const url = batch.webhookUrl ?? (batch.userId ? (await webhookReceiver(batch.userId))?.url : null) ?? null;
    const counts = await countBatchJobs(batchId, tx);
    const base = siteUrl();
    const [recorded] = url
      ? await recordDeliveries(
          [
            {
              userId: batch.userId,
              url,
              eventType: BATCH_COMPLETED_EVENT,
              payload: {
                type: BATCH_COMPLETED_EVENT,
                timestamp: endedAt.toISOString(),
                data: {
                  batch_id: batch.id,
                  total: batch.total,
                  counts,
                  created_at: batch.createdAt.toISOString(),
                  ended_at: endedAt.toISOString(),
                  status_url: `${base}/api/batches/${batch.id}`,
                  export_url: `${base}/api/batches/${batch.id}/export`,
                },
              },
            },
          ],
          tx,
        )
      : [];
    await tx
      .update(batches)
      .set({ endedAt, webhookDeliveryId: recorded?.id ?? null })
      .where(eq(batches.id, batchId));
    logger.info("batch completed", { batchId, counts, webhook: Boolean(recorded) });

    return recorded ?? "ended";
  });
  if (delivery && delivery !== "ended") await startDeliveries([delivery]);

  return delivery !== null;
}

/** Open batches older than this are checked by the cron: younger ones are settled by their jobs' runs. */
const SETTLE_AFTER_MS = 2 * 60 * 1000;

/**
 * The backstop of settleBatch: a job can end outside its run (failed while waiting for disk
 * space, by an operator), and then no run settles its batch. Bounded per call; the rest go next run.
 */
export async function settleOpenBatches(limit = 200): Promise<number> {
  const open = await getDb()
    .select({ id: batches.id })
    .from(batches)
    .where(and(isNull(batches.endedAt), lt(batches.createdAt, new Date(Date.now() - SETTLE_AFTER_MS))))
    .limit(limit);
  let ended = 0;
  for (const { id } of open) if (await settleBatch(id)) ended++;

  return ended;
}
