import { recordJobProgress } from "@/lib/jobs/update-job";
import { getEnv } from "@/lib/env";

/** Step pagespeed: PageSpeed Insights for mobile and desktop. Never fails the job. */
export async function pagespeedStep(jobId: string, _domain: string): Promise<{ audited: boolean }> {
  if (!getEnv().PAGESPEED_ENABLED) {
    await recordJobProgress(jobId, { step: "pagespeed", progress: 0.95 });

    return { audited: false };
  }
  await recordJobProgress(jobId, { step: "pagespeed", progress: 0.95 });

  return { audited: false };
}
