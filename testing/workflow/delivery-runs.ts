import { and, like, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { workflowRuns } from "@/db/schema";
import { waitFor } from "@/testing/wait-for";

/**
 * Waits until every workflow run delivering this webhook delivery (`deliver-webhook`) has ended,
 * and answers how many there were. A delivery is attempted only by such a run, so from then on
 * no further attempt can come: what a test checks instead of sleeping past the retry schedule.
 */
export async function waitForDeliveryRunsToEnd(deliveryId: string, { timeoutMs = 30_000 } = {}): Promise<number> {
  return waitFor(
    async () => {
      const runs = await getDb()
        .select({ status: workflowRuns.status })
        .from(workflowRuns)
        .where(and(like(workflowRuns.fnId, "%deliver-webhook"), sql`${workflowRuns.event} -> 'data' ->> 'deliveryId' = ${deliveryId}`));

      return runs.length > 0 && runs.every((run) => run.status !== "running") ? runs.length : 0;
    },
    { timeoutMs, what: `the runs delivering ${deliveryId} to end` },
  );
}
