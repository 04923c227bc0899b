import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { fetchPages } from "@/lib/shopify-reader/pages";
import { saveArtifact } from "@/lib/snapshots/artifacts";
import { describeStoreFailure, RetryableStoreError } from "./store-failures";

/** Step fetch-pages: the store's CMS pages (about, FAQ, shipping…). */
export async function fetchPagesStep(jobId: string, domain: string): Promise<{ pages: number }> {
  const answer = await fetchPages(domain);
  // Pages robots.txt disallows are skipped (the report's crawl section says so), not an error.
  const list = answer.status === "disallowed" ? { status: "ok" as const, pages: [], complete: false, requests: 0 } : answer;
  if (isStoreFailure(list)) {
    const failure = describeStoreFailure(domain, list);
    throw new RetryableStoreError(failure.code, failure.error);
  }
  await saveArtifact(jobId, "pages", { pages: list.pages, complete: list.complete });
  await recordStepProgress(jobId, PIPELINE_STEPS.fetchPages, { counts: { pages: list.pages.length } });

  return { pages: list.pages.length };
}
