import { eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/db";
import { jobs, reports, type Job, type Store } from "@/db/schema";
import { recordDailyStats } from "@/lib/shop-analytics/record-daily-stats";
import type { ReportSummary } from "@/lib/reports/schemas";
import { followStoreSlug } from "@/lib/jobs/follow-store-slug";
import { completeJob } from "@/lib/jobs/job-state";
import { recordReport } from "@/lib/reports/record-report";
import { storeFactsAtCompletion } from "@/lib/reports/report-store-facts";
import { currentTime } from "@/lib/clock";
import { lockStoreForAnalysis, recordStoreAnalysis } from "@/lib/store-directory/record-store-analysis";
import { readCurrentSnapshot, type CrawlOutcome, type CurrentSnapshot } from "./current-snapshot";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { findPreviousCompletedJob, recordCatalogue, type RecordedCatalogue } from "./record-changes";
import { buildMetadata } from "./report-content";

export type BuildReportResult = { products: number; changes: number; alreadyBuilt: boolean };

async function lockJob(tx: Transaction, jobId: string): Promise<Job> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job) throw new Error(`job ${jobId} not found`);

  return job;
}

async function insertReport(tx: Transaction, job: Job, current: CurrentSnapshot, catalogue: RecordedCatalogue, store: Store): Promise<void> {
  const { collections, pages, listingComplete } = current.snapshot;
  await recordReport(tx, {
    jobId: job.id,
    storeId: job.storeId,
    storeFacts: storeFactsAtCompletion(store),
    collections,
    pages,
    metadata: buildMetadata({
      ...current,
      listingComplete,
      productCount: catalogue.products,
      exposesInventory: catalogue.exposesInventory,
      cut: catalogue.cut,
    }),
    summary: { ...catalogue.summary, collection_count: collections.length, page_count: pages.length, changes: catalogue.changes } satisfies ReportSummary,
  });
}

export type BuildReportOptions = {
  /** Snapshot products per database round trip (the default suits 30,000-product stores). */
  batchSize?: number;
};

/**
 * The last data step of a job, in ONE transaction: the changelog against the store's
 * previous completed snapshot, inventory levels and events, the store's directory row, the
 * report (with the store's facts as that row now stands), and the job completed. A crash
 * anywhere rolls it all back for the retry; a replay after success finds the report and does
 * nothing. Products are walked in batches (recordCatalogue): never held whole, and the event
 * loop keeps answering meanwhile. The body is serialised after this commits (store-report-body).
 */
export async function buildReport(jobId: string, crawl: CrawlOutcome, options: BuildReportOptions = {}): Promise<BuildReportResult> {
  const { listingComplete } = crawl;
  const [existing] = await getDb().select({ jobId: reports.jobId }).from(reports).where(eq(reports.jobId, jobId));
  if (existing) return { products: 0, changes: 0, alreadyBuilt: true };

  const current = await readCurrentSnapshot(jobId, crawl);
  const { collections, pages } = current.snapshot;

  return getDb().transaction(async (tx) => {
    const job = await lockJob(tx, jobId);
    await lockStoreForAnalysis(tx, job.storeId);
    const now = currentTime();
    const previous = await findPreviousCompletedJob(tx, job);
    const catalogue = await recordCatalogue(tx, job, previous, current.snapshot, now, options.batchSize);
    const { products, changes } = catalogue;
    await recordDailyStats(tx, { storeId: job.storeId, jobId, at: now, counts: catalogue.counts, catalog: catalogue.catalog });
    const { meta } = current.store;
    const directory = await recordStoreAnalysis(tx, job.storeId, {
      jobId,
      at: now,
      name: meta.name,
      description: meta.description,
      currency: meta.currency,
      country: meta.country,
      themeName: current.storefront?.theme?.name ?? null,
      productCount: products,
      collectionCount: collections.length,
      pageCount: pages.length,
      exposesInventory: catalogue.exposesInventory,
    });
    // A first analysis may settle the slug (docs/decisions.md §6.2): jobs follow their store's,
    // this one included, before it completes and its webhook names the slug.
    for (const change of directory.slugChanges) await followStoreSlug(tx, change.storeId, change.to);
    if (job.slug !== directory.store.slug) await followStoreSlug(tx, job.storeId, directory.store.slug);
    // The report keeps the store as this analysis left it, slug settled: a later one changes the
    // row, not this report.
    await insertReport(tx, job, current, catalogue, directory.store);

    const completed = await completeJob(tx, jobId, {
      step: PIPELINE_STEPS.buildReport.id,
      listingComplete,
      counts: { products, collections: collections.length, pages: pages.length, changes },
      at: now,
    });
    if (!completed) throw new Error(`job ${jobId} ended before its report was built`);

    return { products, changes, alreadyBuilt: false };
  });
}
