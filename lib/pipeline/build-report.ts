import { eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/db";
import { reports, stores, type Job, type Store } from "@/db/schema";
import { recordDailyStats } from "@/lib/analytics/record-daily-stats";
import { recordTechnologyEvents } from "@/lib/history/record-technology-events";
import type { ReportMetadata, ReportSummary } from "@/lib/reports/schemas";
import { findPreviousCompletedJob } from "@/lib/jobs/find-previous-completed-job";
import { followStoreSlug } from "@/lib/jobs/follow-store-slug";
import { findJob } from "@/lib/jobs/get-job";
import { completeJob } from "@/lib/jobs/job-state";
import { lockJob } from "@/lib/jobs/lock-job";
import { recordReport } from "@/lib/reports/record-report";
import { storeFactsAtCompletion } from "@/lib/reports/report-store-facts";
import { currentTime } from "@/lib/time-of-record";
import { lockStoreForAnalysis, recordStoreAnalysis } from "@/lib/store-directory/record-store-analysis";
import { clearDerivedRows } from "./clear-derived-rows";
import { readCurrentSnapshot, type CrawlOutcome, type CurrentSnapshot } from "./current-snapshot";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordCatalog, type RecordedCatalog } from "./record-changes";
import { recordStoreFacets } from "./record-store-facets";
import { buildMetadata } from "./report-content";

export type BuildReportResult = { products: number; changes: number; alreadyBuilt: boolean };

async function lockJobForReport(tx: Transaction, jobId: string): Promise<Job> {
  const job = await lockJob(tx, jobId, "update");
  if (!job) throw new Error(`job ${jobId} not found`);

  return job;
}

function reportMetadata(current: CurrentSnapshot, catalog: RecordedCatalog): ReportMetadata {
  return buildMetadata({
    ...current,
    listingComplete: current.snapshot.listingComplete,
    productCount: catalog.products,
    exposesInventory: catalog.exposesInventory,
    cut: catalog.cut,
  });
}

async function insertReport(
  tx: Transaction,
  job: Job,
  current: CurrentSnapshot,
  catalog: RecordedCatalog,
  metadata: ReportMetadata,
  store: Store,
): Promise<void> {
  const { collections, pages } = current.snapshot;
  await recordReport(tx, {
    jobId: job.id,
    storeId: job.storeId,
    storeFacts: storeFactsAtCompletion(store),
    collections,
    pages,
    metadata,
    summary: {
      ...catalog.summary,
      collection_count: collections.length,
      page_count: pages.length,
      changes: catalog.changes,
    } satisfies ReportSummary,
  });
}

export type BuildReportOptions = {
  /** Snapshot products per database round trip (the default suits 30,000-product stores). */
  batchSize?: number;
  /**
   * Whether the store's directory row, facets, day's figures and technology timeline follow this
   * report (default true). The bundled sample report (lib/sample-report) leaves them alone: a
   * capture is not a live store, so the directory, the app counts and the store page never count it.
   */
  directory?: boolean;
};

/**
 * Times the rows are derived again because another analysis of the store completed while they
 * were written: each retry measures against that newer analysis, and only a store analyzed many
 * times at once (which admission does not allow) could use them all.
 */
const DERIVE_ATTEMPTS = 5;

/**
 * The last data step of a job, in two parts (docs/decisions.md §6.4). First the derived rows,
 * batch by batch, each statement committing on its own: the changelog against the store's
 * previous completed snapshot and inventory levels, events and sale signals, none of which a
 * reader sees before the job completes (levels are read by completed job, the rest through
 * fromCompletedJob). Then ONE short transaction: the store's directory row and facets (its
 * apps among them), the day's figures, the report (with the store's facts as that row now
 * stands), and the job completed. Embedded PGlite serves one transaction at a time, so a
 * 26,000-product catalog walked in a single transaction held every other request for seconds;
 * now the longest hold is one batch.
 * A crash in the first part leaves rows the retry clears first; should another analysis of
 * the store complete meanwhile, the rows are derived again against it. A replay after success
 * finds the report and does nothing. The body is serialized after this commits (store-report-body).
 */
export async function buildReport(jobId: string, crawl: CrawlOutcome, options: BuildReportOptions = {}): Promise<BuildReportResult> {
  const [existing] = await getDb().select({ jobId: reports.jobId }).from(reports).where(eq(reports.jobId, jobId));
  if (existing) return { products: 0, changes: 0, alreadyBuilt: true };

  const current = await readCurrentSnapshot(jobId, crawl);
  const job = await findJob(jobId);
  if (!job) throw new Error(`job ${jobId} not found`);
  for (let attempt = 1; attempt <= DERIVE_ATTEMPTS; attempt++) {
    // What an earlier, interrupted attempt (or the previous pass of this loop) derived goes first.
    await clearDerivedRows(jobId);
    const now = currentTime();
    const previous = await findPreviousCompletedJob(getDb(), job);
    const catalog = await recordCatalog(getDb(), job, previous, current.snapshot, now, options.batchSize);
    const result = await completeWithReport(jobId, crawl, current, catalog, previous, now, options.directory ?? true);
    if (result) return result;
  }
  throw new Error(`job ${jobId}: its store's analyses kept completing while its report was built`);
}

/**
 * The short transaction that makes a job's report and rows visible. Answers null, changing
 * nothing, when the store's latest completed analysis is no longer the one the rows were
 * derived against.
 */
async function completeWithReport(
  jobId: string,
  { listingComplete }: CrawlOutcome,
  current: CurrentSnapshot,
  catalog: RecordedCatalog,
  previous: Job | null,
  now: Date,
  directory: boolean,
): Promise<BuildReportResult | null> {
  const { collections, pages } = current.snapshot;
  const metadata = reportMetadata(current, catalog);

  return getDb().transaction(async (tx) => {
    const job = await lockJobForReport(tx, jobId);
    await lockStoreForAnalysis(tx, job.storeId);
    const latest = await findPreviousCompletedJob(tx, job);
    if ((latest?.id ?? null) !== (previous?.id ?? null)) return null;
    const { products, changes } = catalog;
    if (directory) {
      await fileInDirectory(tx, job, current, catalog, metadata, latest, now);
    } else {
      const [store] = await tx.select().from(stores).where(eq(stores.id, job.storeId));
      if (!store) throw new Error(`job ${jobId}: its store row is gone`);
      await insertReport(tx, job, current, catalog, metadata, store);
    }

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

/** The store's directory row, facets, day's figures and technology timeline follow the report, with it. */
async function fileInDirectory(
  tx: Transaction,
  job: Job,
  current: CurrentSnapshot,
  catalog: RecordedCatalog,
  metadata: ReportMetadata,
  latest: Job | null,
  now: Date,
): Promise<void> {
  const jobId = job.id;
  const { collections, pages } = current.snapshot;
  await recordDailyStats(tx, { storeId: job.storeId, jobId, at: now, counts: catalog.counts, catalog: catalog.catalog });
  // The directory files the store by what this report found, and by nothing a failed job saw;
  // first, so the store's row below (the report's store facts) carries its theme.
  await recordStoreFacets(tx, job, metadata, now);
  const { meta } = current.store;
  const directory = await recordStoreAnalysis(tx, job.storeId, {
    jobId,
    at: now,
    name: meta.name,
    description: meta.description,
    currency: meta.currency,
    country: meta.country,
    productCount: catalog.products,
    collectionCount: collections.length,
    pageCount: pages.length,
    exposesInventory: catalog.exposesInventory,
    prices: {
      min: catalog.summary.price_min,
      max: catalog.summary.price_max,
      median: catalog.summary.price_distribution.median,
    },
  });
  // A first analysis may settle the slug (docs/decisions.md §6.2): jobs follow their store's,
  // this one included, before it completes and its webhook names the slug.
  for (const change of directory.slugChanges) await followStoreSlug(tx, change.storeId, change.to);
  if (job.slug !== directory.store.slug) await followStoreSlug(tx, job.storeId, directory.store.slug);
  // The report keeps the store as this analysis left it, slug settled: a later one changes the
  // row, not this report.
  await insertReport(tx, job, current, catalog, metadata, directory.store);
  // The store's technology timeline: what this report saw against the previous completed one.
  await recordTechnologyEvents(tx, { job, metadata, previous: latest });
}
