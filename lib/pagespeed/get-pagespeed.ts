import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { listJobAudits } from "@/lib/pagespeed/list-job-audits";
import type { JobPageSpeed } from "@/lib/pagespeed/schemas";

/** PageSpeed audits of a job (mobile, desktop); 404 when none exist. */
export async function getPagespeed(jobId: string): Promise<JobPageSpeed> {
  // Like its sibling endpoints, an id that cannot exist is simply not found.
  if (!z.uuid().safeParse(jobId).success) throw notFound(`PageSpeed data for job ${jobId}`);
  const audits = await listJobAudits(jobId);
  if (audits.length === 0) throw notFound(`PageSpeed data for job ${jobId}`);

  return { job_id: jobId, audits };
}
