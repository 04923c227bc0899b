import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, reports } from "@/db/schema";

/** Reports a tracked store's page links to; the older ones are a click away through the previous-report links. */
export const STORE_REPORTS_LISTED = 10;

/**
 * A store's reports, newest first: every completed analysis, published or not (a report is
 * readable by its address; publication is about search engines). For the pages of the people
 * who track the store, who see each of its analyses.
 */
export async function listStoreReports(storeId: string, limit = STORE_REPORTS_LISTED): Promise<{ job_id: string; completed_at: string }[]> {
  const rows = await getDb()
    .select({ jobId: reports.jobId, completedAt: jobs.completedAt })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .where(eq(reports.storeId, storeId))
    .orderBy(desc(jobs.completedAt), desc(reports.jobId))
    .limit(limit);

  return rows.map((row) => ({ job_id: row.jobId, completed_at: (row.completedAt ?? new Date(0)).toISOString() }));
}
