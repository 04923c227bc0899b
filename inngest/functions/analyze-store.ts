import { getEnv } from "@/lib/env";
import { buildReportStep } from "@/lib/analysis/build-report-step";
import { detectAppsStep } from "@/lib/analysis/detect-apps-step";
import { fetchCollectionsStep } from "@/lib/analysis/fetch-collections-step";
import { fetchPagesStep } from "@/lib/analysis/fetch-pages-step";
import { fetchProductsStep, FIRST_PRODUCTS_CURSOR } from "@/lib/analysis/fetch-products-step";
import { markJobFailedAfterRetries } from "@/lib/analysis/fail-job-step";
import { pagespeedStep } from "@/lib/analysis/pagespeed-step";
import { PIPELINE_STEPS as STEPS } from "@/lib/analysis/pipeline-steps";
import { resolveStoreStep } from "@/lib/analysis/resolve-store-step";
import { notifyCallbacks } from "@/lib/notifications/notify-callbacks";
import { inngest } from "@/lib/workflow/client";
import { storeAnalysisRequested } from "@/lib/workflow/events";

/**
 * The analysis pipeline (docs/design.md §6.4). Each step calls lib/analysis and is idempotent; the
 * steps are declared once in lib/analysis/pipeline-steps.ts. Products
 * are read in several "fetch-products" steps (a bounded slice each), so a 30,000-product
 * catalogue survives a crash with at most one slice to redo.
 */
export const analyzeStore = inngest.createFunction(
  {
    id: "analyze-store",
    name: "Analyze a Shopify store",
    retries: 4,
    // The contract's soft cap: excess jobs of one caller wait in the queue.
    concurrency: { key: "event.data.concurrencyKey", limit: getEnv().JOB_CONCURRENCY_PER_USER },
    triggers: [storeAnalysisRequested],
    onFailure: async ({ event, error }) => {
      await markJobFailedAfterRetries(event.data.event.data.jobId, error);
    },
  },
  async ({ event, step }) => {
    const { jobId } = event.data;

    const store = await step.run(STEPS.resolveStore.id, () => resolveStoreStep(jobId));
    if (!store.ok) return { jobId, status: "failed", code: store.code };

    let cursor = FIRST_PRODUCTS_CURSOR;
    while (!cursor.done) {
      const from = cursor;
      cursor = await step.run(STEPS.fetchProducts.id, () => fetchProductsStep(jobId, store.domain, from));
    }
    if (cursor.stopped) return { jobId, status: "failed" };
    await step.run(STEPS.fetchCollections.id, () => fetchCollectionsStep(jobId, store.domain));
    await step.run(STEPS.fetchPages.id, () => fetchPagesStep(jobId, store.domain));
    await step.run(STEPS.detectApps.id, () => detectAppsStep(jobId, store.domain));
    await step.run(STEPS.pagespeed.id, () => pagespeedStep(jobId, store.domain));
    const report = await step.run(STEPS.buildReport.id, () => buildReportStep(jobId, { listingComplete: cursor.complete, reconciliation: cursor.crawl.reconciliation }));
    const notified = await step.run(STEPS.notifyCallbacks.id, () => notifyCallbacks(jobId));

    return { jobId, status: "completed", products: report.products, notified };
  },
);
