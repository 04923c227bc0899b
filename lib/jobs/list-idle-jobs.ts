import { and, inArray, lt } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";

/** Up to `limit` ids of queued or running jobs whose row has not changed since `cutoff`. */
export async function listIdleJobs(cutoff: Date, limit: number): Promise<string[]> {
  const rows = await getDb()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ["queued", "running"]), lt(jobs.updatedAt, cutoff)))
    .limit(limit);

  return rows.map((row) => row.id);
}
