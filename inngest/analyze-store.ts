import { getEnv } from "@/lib/env";
import { markJobFailedAfterRetries } from "@/lib/pipeline/fail-job-step";
import { PIPELINE_STEPS as STEPS, type PipelineStep } from "@/lib/pipeline/pipeline-steps";
import { timeStepRun } from "@/lib/pipeline/time-step-run";
import { inngest } from "@/lib/workflow/client";
import { appListingsRequested, storeAnalysisRequested } from "@/lib/workflow/events";

// Each step's module is loaded when a step first runs, not when the server starts: together they
// bring the HTML parsers, the report builder and the mail client, which an idle server never uses
// (docs/decisions.md §6.4 steps are unchanged; only when their code is read changes).
const steps = {
  resolveStore: () => import("@/lib/pipeline/resolve-store-step"),
  fetchProducts: () => import("@/lib/pipeline/fetch-products-step"),
  fetchCollections: () => import("@/lib/pipeline/fetch-collections-step"),
  fetchPages: () => import("@/lib/pipeline/fetch-pages-step"),
  detectApps: () => import("@/lib/pipeline/detect-apps-step"),
  checkAgentReadiness: () => import("@/lib/pipeline/check-agent-readiness-step"),
  render: () => import("@/lib/pipeline/render-step"),
  pagespeed: () => import("@/lib/pipeline/pagespeed-step"),
  buildReport: () => import("@/lib/pipeline/build-report"),
  storeReportBody: () => import("@/lib/pipeline/store-report-body-step"),
  notifyCallbacks: () => import("@/lib/notifications/notify-callbacks"),
};

/**
 * The analysis pipeline (docs/decisions.md §6.4). Each step calls lib/pipeline and is idempotent; the
 * steps are declared once in lib/pipeline/pipeline-steps.ts. Products
 * are read in several "fetch-products" steps (a bounded slice each), so a 30,000-product
 * catalog survives a crash with at most one slice to redo.
 */
export const analyzeStore = inngest.createFunction(
  {
    id: "analyze-store",
    name: "Analyze a Shopify store",
    retries: 4,
    // The contract's soft cap: excess jobs of one caller wait in the queue.
    // A batch's jobs share one key per account (`batch:<user>`, lib/billing/admission/admit-job.ts),
    // so a 1,000-store batch holds as many step slots as one caller's single jobs, never more.
    concurrency: { key: "event.data.concurrencyKey", limit: getEnv().JOB_CONCURRENCY_PER_USER },
    // On Inngest, a batch's runs also start after single jobs waiting as long (docs/batches.md ›
    // Fair scheduling); the embedded executor reads only the concurrency key above.
    priority: { run: "event.data.batchId != null ? -600 : 0" },
    triggers: [storeAnalysisRequested],
    onFailure: async ({ event, error }) => {
      const { jobId, batchId } = event.data.event.data;
      await markJobFailedAfterRetries(jobId, error);
      if (batchId) await settleBatchOf(batchId);
    },
  },
  async ({ event, step, attempt }) => {
    const { jobId, batchId } = event.data;
    const outcome = await analyze();
    // Whichever job of a batch ends last sends its batch.completed (lib/batches/settle-batch.ts).
    if (batchId) await step.run("settle-batch", () => settleBatchOf(batchId));

    return outcome;

    async function analyze() {
      // Each run of a step body is timed on the job (GET /api/jobs/:id answers step_timings).
      const timed =
        <T>(pipelineStep: PipelineStep, body: () => Promise<T>) =>
        () =>
          timeStepRun(jobId, pipelineStep, attempt, body);
      // Steps that request the store: under the job's robots.txt, their requests counted (lib/pipeline/job-crawl.ts).
      const crawling =
        <T>(pipelineStep: PipelineStep, body: () => Promise<T>) =>
        () =>
          // Imported on first use like the steps: it reaches the store fetch and its HTML scanner.
          timeStepRun(jobId, pipelineStep, attempt, async () => (await import("@/lib/pipeline/job-crawl")).withJobCrawl(jobId, body));

      const store = await step.run(
        STEPS.resolveStore.id,
        timed(STEPS.resolveStore, async () => (await steps.resolveStore()).resolveStoreStep(jobId)),
      );
      if (!store.ok) return { jobId, status: "failed", code: store.code };

      const products = await steps.fetchProducts();
      let cursor = products.FIRST_PRODUCTS_CURSOR;
      while (!cursor.done) {
        const from = cursor;
        cursor = await step.run(
          STEPS.fetchProducts.id,
          crawling(STEPS.fetchProducts, () => products.fetchProductsStep(jobId, store.domain, from)),
        );
      }
      if (cursor.stopped) return { jobId, status: "failed" };
      const { complete, crawl } = cursor;
      await step.run(
        STEPS.fetchCollections.id,
        crawling(STEPS.fetchCollections, async () => (await steps.fetchCollections()).fetchCollectionsStep(jobId, store.domain)),
      );
      await step.run(
        STEPS.fetchPages.id,
        crawling(STEPS.fetchPages, async () => (await steps.fetchPages()).fetchPagesStep(jobId, store.domain)),
      );
      const detected = await step.run(
        STEPS.detectApps.id,
        crawling(STEPS.detectApps, async () => (await steps.detectApps()).detectAppsStep(jobId, store.domain)),
      );
      // App handles seen for the first time are looked up on the App Store by a function of their
      // own (inngest/resolve-app-listings.ts), never on this job's path: the report names them by
      // handle, the next analysis by their listing.
      if ((detected.newAppHandles ?? 0) > 0) {
        await step.sendEvent("request-app-listings", appListingsRequested.create({}, { id: `app-listings-${jobId}` }));
      }
      await step.run(
        STEPS.checkAgentReadiness.id,
        crawling(STEPS.checkAgentReadiness, async () => (await steps.checkAgentReadiness()).checkAgentReadinessStep(jobId, store.domain)),
      );
      // Its requests go through the store fetch like the crawl's: paced, signed, under robots.txt, counted.
      await step.run(
        STEPS.render.id,
        crawling(STEPS.render, async () => (await steps.render()).renderStep(jobId, store.domain)),
      );
      await step.run(
        STEPS.pagespeed.id,
        timed(STEPS.pagespeed, async () => (await steps.pagespeed()).pagespeedStep(jobId, store.domain)),
      );
      const report = await step.run(
        STEPS.buildReport.id,
        timed(STEPS.buildReport, async () =>
          (await steps.buildReport()).buildReport(jobId, { listingComplete: complete, reconciliation: crawl.reconciliation }),
        ),
      );
      // The job is complete either way: once this step's retries run out, the report's first read
      // (or snapshot cleanup) stores the same bytes, and its notifications must not wait for that.
      await step
        .run(
          STEPS.storeReportBody.id,
          timed(STEPS.storeReportBody, async () => (await steps.storeReportBody()).storeReportBodyStep(jobId)),
        )
        .catch(() => null);
      const notified = await step.run(
        STEPS.notifyCallbacks.id,
        timed(STEPS.notifyCallbacks, async () => (await steps.notifyCallbacks()).notifyCallbacks(jobId)),
      );

      return { jobId, status: "completed", products: report.products, notified };
    }
  },
);

const settleBatchOf = async (batchId: string) => (await import("@/lib/batches/settle-batch")).settleBatch(batchId);
