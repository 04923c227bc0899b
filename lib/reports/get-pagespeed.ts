import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { pagespeedAudits } from "@/db/schema";
import { notFound } from "@/lib/api/errors";

/** PageSpeed audits of a job (mobile, desktop); 404 when none exist. */
export async function getPagespeedOrThrow(jobId: string) {
  const rows = await getDb()
    .select()
    .from(pagespeedAudits)
    .where(eq(pagespeedAudits.jobId, jobId))
    .orderBy(asc(pagespeedAudits.strategy));
  if (rows.length === 0) throw notFound(`PageSpeed data for job ${jobId}`);

  return {
    job_id: jobId,
    audits: rows.map((row) => ({
      strategy: row.strategy,
      performance_score: row.performanceScore,
      metrics: row.metrics,
      error: row.error,
      fetched_at: row.fetchedAt.toISOString(),
    })),
  };
}
