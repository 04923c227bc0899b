import { getEnv } from "@/lib/env";
import { buildReport } from "@/lib/analysis/build-report";
import { detectAppsStep } from "@/lib/analysis/detect-apps-step";
import { fetchCollectionsStep } from "@/lib/analysis/fetch-collections-step";
import { fetchPagesStep } from "@/lib/analysis/fetch-pages-step";
import { fetchProductsStep, FIRST_PRODUCTS_CURSOR } from "@/lib/analysis/fetch-products-step";
import { markJobFailedAfterRetries } from "@/lib/analysis/fail-job-step";
import { pagespeedStep } from "@/lib/analysis/pagespeed-step";
import { resolveStoreStep } from "@/lib/analysis/resolve-store-step";
import { notifyCallbacks } from "@/lib/notifications/notify-callbacks";
import { inngest } from "../client";
import { storeAnalysisRequested } from "../events";

/**
 * The analysis pipeline (DESIGN.md §6). Each step calls lib/analysis and is idempotent; step
 * names are stable because a resumed run is matched to its memoized steps by name. Products
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

    const store = await step.run("resolve-store", () => resolveStoreStep(jobId));
    if (!store.ok) return { jobId, status: "failed", code: store.code };

    let cursor = FIRST_PRODUCTS_CURSOR;
    while (!cursor.done) {
      const from = cursor;
      cursor = await step.run("fetch-products", () => fetchProductsStep(jobId, store.domain, from));
    }
    if (cursor.stopped) return { jobId, status: "failed" };
    await step.run("fetch-collections", () => fetchCollectionsStep(jobId, store.domain));
    await step.run("fetch-pages", () => fetchPagesStep(jobId, store.domain));
    await step.run("detect-apps", () => detectAppsStep(jobId, store.domain));
    await step.run("pagespeed", () => pagespeedStep(jobId, store.domain));
    const report = await step.run("build-report", () => buildReport(jobId, cursor.complete));
    const notified = await step.run("notify-callbacks", () => notifyCallbacks(jobId));

    return { jobId, status: "completed", products: report.products, notified };
  },
);
