import { addCrawlStats, emptyCrawlStats, runWithCrawlContext } from "@/lib/shopify-reader/crawl-context";
import { robotsPolicy, type RobotsRecord } from "@/lib/shopify-reader/robots";
import { findJob } from "@/lib/jobs/get-job";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";

/**
 * Runs one step's store requests under the job's robots.txt (read once, by resolve-store, and
 * kept as the "robots" artifact so a crashed worker's successor obeys the same rules), then adds
 * the step's request counts to the job's "crawl" artifact, also when the step throws. Requests
 * of a worker that died mid-step are not counted (its counts were never saved), nor those of a
 * step that failed the job: its snapshot, artifacts included, was dropped and stays dropped.
 */
export async function withJobCrawl<T>(jobId: string, fn: () => Promise<T>, robots?: RobotsRecord | null): Promise<T> {
  const record = robots === undefined ? await loadArtifact(jobId, "robots") : robots;
  const context = { robots: record ? robotsPolicy(record) : null, stats: emptyCrawlStats() };
  try {
    return await runWithCrawlContext(context, fn);
  } finally {
    const counted = context.stats.requests > 0 || context.stats.robotsSkipped.length > 0;
    if (counted && (await findJob(jobId))?.status !== "failed") {
      const before = (await loadArtifact(jobId, "crawl")) ?? emptyCrawlStats();
      await saveArtifact(jobId, "crawl", addCrawlStats(before, context.stats));
    }
  }
}
