import { getEnv } from "@/lib/env";
import { getJob } from "@/lib/jobs/get-job";
import { failJob } from "@/lib/jobs/job-state";
import { FATAL_FAILURES, type StoreFailure } from "@/lib/shopify-reader/outcomes";
import { crawlProducts, startProductCrawl, type ProductCrawlCursor } from "@/lib/shopify-reader/product-crawl";
import { logger } from "@/lib/log";
import { countSnapshotProducts, saveSnapshotProducts, SnapshotWriteRefused } from "@/lib/snapshots/snapshot-products";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { snapshotSeenProducts } from "./snapshot-seen-products";
import type { CollectionPageRead } from "@/lib/shopify-reader/product-crawl-cursor";
import { recordCollectionPages } from "./collection-pages";
import { dropJobSnapshot } from "./drop-job-snapshot";
import { describeStorageBudgetExceeded, describeStoreFailure, describeStoreTooLarge, RetryableStoreError } from "./store-failures";

/** Store requests per step: a crash redoes at most this much work (~10 listing pages). */
export const PRODUCT_REQUESTS_PER_STEP = 10;

export type ProductsCursor = {
  crawl: ProductCrawlCursor;
  done: boolean;
  /** Whether every product was read (an incomplete listing is never diffed as "removed"). */
  complete: boolean;
  /** The job ended (failed) during the crawl: the pipeline stops here. */
  stopped?: boolean;
};

export const FIRST_PRODUCTS_CURSOR: ProductsCursor = { crawl: startProductCrawl(), done: false, complete: false };

async function handleFailure(jobId: string, domain: string, failure: StoreFailure): Promise<ProductsCursor> {
  const described = describeStoreFailure(domain, failure);
  // A store that blocks us (403, a challenge, a streak of 423/429/430) is not asked again and again.
  if (FATAL_FAILURES.has(failure.status) || failure.status === "blocked") {
    await failJob(jobId, { ...described, step: PIPELINE_STEPS.fetchProducts.id });

    return { ...FIRST_PRODUCTS_CURSOR, done: true, stopped: true };
  }
  // Thrown: the workflow retries this slice from the same cursor, with backoff.
  throw new RetryableStoreError(described.code, described.error);
}

/** Past a per-job cap: the job fails `store_too_large` and the pipeline stops, no request more. */
async function stopTooLarge(jobId: string, domain: string, reason: string): Promise<ProductsCursor> {
  await failJob(jobId, { ...describeStoreTooLarge(domain, reason), step: PIPELINE_STEPS.fetchProducts.id });

  return { ...FIRST_PRODUCTS_CURSOR, done: true, stopped: true };
}

/**
 * The snapshot took no more rows: past the job's storage budget the job fails
 * `storage_budget_exceeded` and what it stored is dropped; a job that ended meanwhile just stops.
 */
async function stopRefused(jobId: string, domain: string, refused: SnapshotWriteRefused): Promise<ProductsCursor> {
  if (refused.reason === "budget") {
    logger.warn("job passed its storage budget", { jobId, usedBytes: refused.usedBytes, budgetBytes: refused.budgetBytes });
    await failJob(jobId, { ...describeStorageBudgetExceeded(domain, refused.budgetBytes), step: PIPELINE_STEPS.fetchProducts.id });
    await dropJobSnapshot(jobId);
  }

  return { ...FIRST_PRODUCTS_CURSOR, done: true, stopped: true };
}

/**
 * Step fetch-products, one bounded slice of the crawl: listing pages until an EMPTY page;
 * past the 25,000-product cap, collection listings and the product sitemap. Each page's
 * products go straight to the job's snapshot (de-duplicated by id); only the cursor is returned.
 */
export async function fetchProductsStep(jobId: string, domain: string, cursor: ProductsCursor): Promise<ProductsCursor> {
  const job = await getJob(jobId);
  if (job.status === "failed" || job.status === "completed") return { ...cursor, done: true, stopped: true };
  const expected = job.counts.expected_products ?? null;
  const { MAX_PRODUCTS_PER_JOB: maxProducts, MAX_STORE_REQUESTS_PER_JOB: maxRequests } = getEnv();
  if (expected !== null && expected > maxProducts) {
    return stopTooLarge(jobId, domain, `its meta.json counts ${expected} products, more than the ${maxProducts} a job may read`);
  }
  const budget = maxRequests - cursor.crawl.requests;
  if (budget <= 0) {
    return stopTooLarge(jobId, domain, `its products took ${cursor.crawl.requests} requests without an end, the most a job may make`);
  }

  let slice;
  const collectionPages: CollectionPageRead[] = [];
  try {
    slice = await crawlProducts(domain, cursor.crawl, {
      maxRequests: Math.min(PRODUCT_REQUESTS_PER_STEP, budget),
      seen: snapshotSeenProducts(jobId),
      expectedProducts: expected,
      deliverTo: (products) => saveSnapshotProducts(jobId, products),
      onCollectionPage: (page) => collectionPages.push(page),
    });
  } catch (error) {
    if (error instanceof SnapshotWriteRefused) return stopRefused(jobId, domain, error);
    throw error;
  }
  await recordCollectionPages(jobId, collectionPages);
  if (slice.state === "failed" && slice.failure) return handleFailure(jobId, domain, slice.failure);

  const products = await countSnapshotProducts(jobId);
  // meta.json may under-count: what the store actually lists is capped too.
  if (products > maxProducts) {
    return stopTooLarge(jobId, domain, `it lists more than the ${maxProducts} products a job may read`);
  }
  // Measured against the count meta.json announced.
  const done = expected ? products / expected : 0.5;
  await recordStepProgress(jobId, PIPELINE_STEPS.fetchProducts, { done, counts: { products } });

  if (slice.state === "done") return { crawl: slice.cursor, done: true, complete: slice.outcome === "ok" };

  return { crawl: slice.cursor, done: false, complete: false };
}
