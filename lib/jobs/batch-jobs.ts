import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { JOB_STATUSES, type JobStatus } from "@/db/schema/job-status";

export type BatchJobCounts = Record<JobStatus, number>;

/** How many of a batch's jobs are in each state (lib/batches reads its progress through this, not the jobs table). */
export async function countBatchJobs(batchId: string, db: DbOrTx = getDb()): Promise<BatchJobCounts> {
  const rows = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.batchId, batchId))
    .groupBy(jobs.status);
  const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as BatchJobCounts;
  for (const row of rows) counts[row.status] = Number(row.n);

  return counts;
}

/** Whether any job of the batch has yet to end (queued or running), in the caller's transaction. */
export async function batchHasOpenJobs(db: DbOrTx, batchId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.batchId, batchId), inArray(jobs.status, ["queued", "running"])))
    .limit(1);

  return open !== undefined;
}

/** A page of a batch's jobs in the order of its list (the id breaks ties: pages never overlap). */
export function listBatchJobs(batchId: string, page: { limit: number; offset: number }): Promise<Job[]> {
  return getDb()
    .select()
    .from(jobs)
    .where(eq(jobs.batchId, batchId))
    .orderBy(asc(jobs.batchPosition), asc(jobs.id))
    .limit(page.limit)
    .offset(page.offset);
}
