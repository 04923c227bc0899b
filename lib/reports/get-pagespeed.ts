import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { pagespeedAudits } from "@/db/schema";
import { z } from "zod";
import { notFound } from "@/lib/http/errors";

/** PageSpeed audits of a job (mobile, desktop); 404 when none exist. */
export async function getPagespeedOrThrow(jobId: string) {
  // Like its sibling endpoints, an id that cannot exist is simply not found.
  if (!z.uuid().safeParse(jobId).success) throw notFound(`PageSpeed data for job ${jobId}`);
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
