import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { pagespeedAudits } from "@/db/schema";
import type { PageSpeedAudit, StoredAuditMetrics } from "./schemas";

/** A job's PageSpeed audits as the API answers them (mobile, desktop); empty when it has none. */
export async function listJobAudits(jobId: string): Promise<PageSpeedAudit[]> {
  const rows = await getDb().select().from(pagespeedAudits).where(eq(pagespeedAudits.jobId, jobId)).orderBy(asc(pagespeedAudits.strategy));

  return rows.map((row) => ({
    strategy: row.strategy,
    performance_score: row.performanceScore,
    metrics: row.metrics as StoredAuditMetrics | null,
    error: row.error,
    fetched_at: row.fetchedAt.toISOString(),
  }));
}
