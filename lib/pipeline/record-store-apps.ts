import { recordDetectedApps } from "@/lib/apps/record-detected-apps";
import { findJob } from "@/lib/jobs/get-job";

/**
 * The catalog apps a job found, kept on its store (the directory's and the store page's apps,
 * before the job's report completes too), by detect-apps and by the render for what only it saw.
 * Unidentified apps have no catalog entry, so they stay out of the directory.
 */
export async function recordStoreApps(jobId: string, apps: { slug: string; evidence: string }[]): Promise<void> {
  if (apps.length === 0) return;
  const job = await findJob(jobId);
  if (job) await recordDetectedApps(job.storeId, jobId, apps);
}
