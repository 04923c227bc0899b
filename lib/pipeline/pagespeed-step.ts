import { getEnv } from "@/lib/env";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { runPageSpeedAudits } from "@/lib/pagespeed";
import type { StoredAuditMetrics } from "@/lib/pagespeed/schemas";
import { recordPagespeedAudits } from "@/lib/pagespeed/record-pagespeed-audits";

/**
 * Step pagespeed: PageSpeed Insights for mobile and desktop. Never fails the job: a failed
 * audit is recorded with its error, and a disabled PageSpeed records nothing (the API then
 * answers 404 for this job, as the contract says when no PageSpeed data exists).
 */
export async function pagespeedStep(jobId: string, domain: string): Promise<{ audited: number }> {
  let audited = 0;
  if (getEnv().PAGESPEED_ENABLED) {
    const results = await runPageSpeedAudits(`https://${domain}/`);
    const rows = Object.values(results).map((result) =>
      result.ok
        ? {
            jobId,
            strategy: result.strategy,
            performanceScore: result.performanceScore,
            metrics: {
              lab: result.metrics,
              field: result.fieldMetrics,
              audits: result.audits,
              lighthouseVersion: result.lighthouseVersion,
            } satisfies StoredAuditMetrics,
            error: null,
            fetchedAt: new Date(result.fetchedAt),
          }
        : {
            jobId,
            strategy: result.strategy,
            performanceScore: null,
            metrics: null,
            error: `${result.error.kind}: ${result.error.message}`,
            fetchedAt: new Date(),
          },
    );
    await recordPagespeedAudits(rows);
    audited = rows.filter((row) => row.error === null).length;
  }
  await recordStepProgress(jobId, PIPELINE_STEPS.pagespeed);

  return { audited };
}
