import { and, desc, eq, lt, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { jobs, type Job } from "@/db/schema";

/**
 * The store's previous completed analysis: what a job's changes are measured against, and the
 * analysis its report names as the previous one whatever changed (none at all, too). For a job
 * still running, the store's latest completed job; for a completed one, the latest that completed
 * before it, so an older report keeps naming the analysis it was measured against.
 */
export async function findPreviousCompletedJob(
  db: DbOrTx,
  job: Pick<Job, "id" | "storeId" | "status" | "completedAt">,
): Promise<Job | null> {
  const before = job.status === "completed" && job.completedAt ? lt(jobs.completedAt, job.completedAt) : undefined;
  const [previous] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.storeId, job.storeId), eq(jobs.status, "completed"), ne(jobs.id, job.id), before))
    .orderBy(desc(jobs.completedAt))
    .limit(1);

  return previous ?? null;
}
