import { eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/db";
import { jobs, reports, type Job } from "@/db/schema";
import { recordDailyStats } from "@/lib/analytics/record-daily-stats";
import { completeJob } from "@/lib/jobs/job-state";
import { currentTime } from "@/lib/system/clock";
import { recordStoreAnalysis } from "@/lib/stores/record-store-analysis";
import { readCurrentSnapshot, type CrawlOutcome, type CurrentSnapshot } from "./current-snapshot";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { findPreviousCompletedJob, recordChangelog, recordInventory } from "./record-changes";
import { buildMetadata, summarizeProducts } from "./report-content";

export type BuildReportResult = { products: number; changes: number; alreadyBuilt: boolean };

async function lockJob(tx: Transaction, jobId: string): Promise<Job> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job) throw new Error(`job ${jobId} not found`);

  return job;
}

async function insertReport(tx: Transaction, job: Job, current: CurrentSnapshot, changes: number): Promise<void> {
  const { products, collections, pages, listingComplete } = current.snapshot;
  await tx.insert(reports).values({
    jobId: job.id,
    storeId: job.storeId,
    collections,
    pages,
    metadata: buildMetadata({ ...current, listingComplete, productCount: products.length }),
    summary: { ...summarizeProducts(products), collection_count: collections.length, page_count: pages.length, changes },
  });
}

/**
 * The last data step of a job, in ONE transaction: the changelog against the store's
 * previous completed snapshot, inventory levels and events, the report, the store's
 * directory row, and the job completed. A crash anywhere rolls it all back for the retry;
 * a replay after success finds the report and does nothing.
 */
export async function buildReport(jobId: string, crawl: CrawlOutcome): Promise<BuildReportResult> {
  const { listingComplete } = crawl;
  const [existing] = await getDb().select({ jobId: reports.jobId }).from(reports).where(eq(reports.jobId, jobId));
  if (existing) return { products: 0, changes: 0, alreadyBuilt: true };

  const current = await readCurrentSnapshot(jobId, crawl);
  const { products, collections, pages } = current.snapshot;

  return getDb().transaction(async (tx) => {
    const job = await lockJob(tx, jobId);
    const now = currentTime();
    const previous = await findPreviousCompletedJob(tx, job);
    const changes = await recordChangelog(tx, job, previous, current.snapshot);
    const events = await recordInventory(tx, job, previous, current.levels, now);
    await recordDailyStats(tx, { storeId: job.storeId, jobId, at: now, changes, events, products });
    await insertReport(tx, job, current, changes.length);

    const { meta } = current.store;
    await recordStoreAnalysis(tx, job.storeId, {
      jobId,
      at: now,
      name: meta.name,
      description: meta.description,
      currency: meta.currency,
      country: meta.country,
      myshopifyDomain: meta.myshopifyDomain,
      themeName: current.storefront?.theme?.name ?? null,
      productCount: products.length,
      collectionCount: collections.length,
      pageCount: pages.length,
      exposesInventory: current.exposesInventory,
    });

    const completed = await completeJob(tx, jobId, {
      step: PIPELINE_STEPS.buildReport.id,
      listingComplete,
      counts: { products: products.length, collections: collections.length, pages: pages.length, changes: changes.length },
      at: now,
    });
    if (!completed) throw new Error(`job ${jobId} ended before its report was built`);

    return { products: products.length, changes: changes.length, alreadyBuilt: false };
  });
}
