import { siteUrl } from "@/lib/site-url";

/**
 * Public URLs of a job, as they appear in responses and in the job.completed payload; under
 * `base` when given (a report keeps the site's address of its completion).
 */
export function jobUrls(jobId: string, base = siteUrl()) {
  return {
    report_url: `${base}/reports/${jobId}`,
    api_url: `${base}/api/reports/${jobId}`,
    status_url: `${base}/api/jobs/${jobId}/status`,
  };
}
