import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { batches } from "@/db/schema";

/**
 * Marks the MCP task that follows a batch as cancelled; its jobs run on (they were paid for).
 * False when the batch had ended or its task was cancelled already.
 */
export async function cancelBatchTask(batchId: string): Promise<boolean> {
  const cancelled = await getDb()
    .update(batches)
    .set({ taskCancelledAt: new Date() })
    .where(and(eq(batches.id, batchId), isNull(batches.taskCancelledAt), isNull(batches.endedAt)))
    .returning({ id: batches.id });

  return cancelled.length > 0;
}
