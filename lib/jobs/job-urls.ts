import { getEnv } from "@/lib/env";

/** Public URLs of a job, as they appear in responses and in the job.completed payload. */
export function jobUrls(jobId: string) {
  const base = getEnv().BASE_URL.replace(/\/$/, "");

  return {
    report_url: `${base}/reports/${jobId}`,
    api_url: `${base}/api/reports/${jobId}`,
    status_url: `${base}/api/jobs/${jobId}/status`,
  };
}
