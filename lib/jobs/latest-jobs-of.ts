import { desc, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";

/** The latest job of each store (any status), in one query. */
export async function latestJobsOf(storeIds: string[]): Promise<Map<string, Job>> {
  if (storeIds.length === 0) return new Map();
  const rows = await getDb()
    .selectDistinctOn([jobs.storeId])
    .from(jobs)
    .where(inArray(jobs.storeId, storeIds))
    .orderBy(jobs.storeId, desc(jobs.createdAt));

  return new Map(rows.map((job) => [job.storeId, job]));
}
