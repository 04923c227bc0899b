import { and, desc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { jobs, type Job } from "@/db/schema";

/** The store's latest completed job before this one: what the changes are measured against. */
export async function findPreviousCompletedJob(db: DbOrTx, job: Pick<Job, "id" | "storeId">): Promise<Job | null> {
  const [previous] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.storeId, job.storeId), eq(jobs.status, "completed"), ne(jobs.id, job.id)))
    .orderBy(desc(jobs.completedAt))
    .limit(1);

  return previous ?? null;
}
