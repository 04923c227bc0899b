/**
 * Vitest's order for a run: the slowest test files first, by the seconds below, then the rest as
 * Vitest orders them. On a clean clone Vitest knows no file's time and starts the largest files
 * first; a long file that happened to start last kept the whole stage waiting on it alone
 * (docs/testing.md › The stages and where the time goes). The seconds are wall times from a
 * full run with 4 files at once on the 2-core machine; only their order matters.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SECONDS: Record<string, number> = {
  "lib/tracking/tracking-simulation.test.ts": 543,
  "lib/batches/batches.test.ts": 250,
  "lib/endpoints/api-fuzz.test.ts": 216,
  "inngest/analyze-store.test.ts": 166,
  "lib/shopify-reader/crawl-requests.test.ts": 163,
  "inngest/analyze-store.crash.test.ts": 161,
  "lib/shopify-reader/store-reading.test.ts": 157,
  "lib/billing/x402/pay-with-x402.test.ts": 122,
  "lib/reports/report-immutability.test.ts": 120,
  "inngest/analyze-store.change.test.ts": 112,
  "lib/export/export-store-products.test.ts": 91,
  "lib/store-directory/shop-identity.test.ts": 86,
  "scripts/find-chromium.test.ts": 74,
  "lib/auth/access.test.ts": 68,
  "lib/store-directory/claim-store.test.ts": 67,
  "scripts/check-table-writers.test.ts": 64,
  "lib/billing/x402/payment-identifier.test.ts": 63,
  "lib/jobs/return-job-charge.test.ts": 63,
  "db/pglite-init.test.ts": 61,
  "lib/realtime/cross-process-fanout.test.ts": 60,
  "lib/billing/admission/admit-job.test.ts": 60,
  "inngest/analyze-store.render.test.ts": 59,
  "lib/mcp/mcp-progress.test.ts": 58,
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = `${this.ctx.config.root}/`;
    const seconds = (file: TestSpecification) => SECONDS[file.moduleId.replace(root, "")] ?? 0;

    // Array.prototype.sort is stable: files of equal (unknown) time keep Vitest's order.
    return ordered.sort((a, b) => seconds(b) - seconds(a));
  }
}
