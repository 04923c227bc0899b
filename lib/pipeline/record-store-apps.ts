import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";
import { announceAnswerChanges, storeTopic } from "@/lib/answer-changes/answer-events";
import { recordDetectedApps } from "@/lib/apps/record-detected-apps";

/**
 * The catalogue apps a job found, kept on its store (the directory's and the store page's apps,
 * before the job's report completes too), by detect-apps and by the render for what only it saw.
 * Unidentified apps have no catalogue entry, so they stay out of the directory.
 */
export async function recordStoreApps(jobId: string, apps: { slug: string; evidence: string }[]): Promise<void> {
  if (apps.length === 0) return;
  const [job] = await getDb().select({ storeId: jobs.storeId, slug: jobs.slug }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) return;
  await getDb().transaction(async (tx) => {
    await recordDetectedApps(job.storeId, jobId, apps, tx);
    await announceAnswerChanges(tx, [storeTopic(job.slug)]);
  });
}
