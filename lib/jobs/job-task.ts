import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";

/**
 * Marks the MCP task that follows a job as cancelled; the job itself runs on (it was paid for).
 * In one statement, so a job that ends meanwhile keeps its task completed (or failed). False when
 * the job had ended or its task was cancelled already.
 */
export async function cancelJobTask(jobId: string): Promise<boolean> {
  const cancelled = await getDb()
    .update(jobs)
    .set({ taskCancelledAt: new Date() })
    .where(and(eq(jobs.id, jobId), isNull(jobs.taskCancelledAt), inArray(jobs.status, ["queued", "running"])))
    .returning({ id: jobs.id });

  return cancelled.length > 0;
}
