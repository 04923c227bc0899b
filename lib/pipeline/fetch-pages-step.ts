import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { fetchPages } from "@/lib/shopify-reader/pages";
import { saveArtifact } from "@/lib/snapshots/artifacts";
import { readSocials } from "@/lib/socials/read-socials";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { describeStoreFailure, RetryableStoreError } from "./store-failures";

/** Step fetch-pages: the store's CMS pages (about, FAQ, shipping…). */
export async function fetchPagesStep(jobId: string, domain: string): Promise<{ pages: number }> {
  const answer = await fetchPages(domain);
  // Pages robots.txt disallows are skipped (the report's crawl section says so), not an error.
  const list =
    answer.status === "disallowed" ? { status: "ok" as const, pages: [], complete: false, requests: 0, contactHtml: [] } : answer;
  if (isStoreFailure(list)) {
    const failure = describeStoreFailure(domain, list);
    throw new RetryableStoreError(failure.code, failure.error);
  }
  // The contact page's links are read here, where its HTML is at hand (the artifact keeps only
  // its text); build-report merges them with the home page's (report-content.ts).
  const socials = readSocials(
    list.contactHtml.map(({ handle, html }) => ({ signals: readPageSignals(loadHtml(html)), seenOn: `/pages/${handle}` })),
  );
  await saveArtifact(jobId, "pages", { pages: list.pages, complete: list.complete, socials });
  await recordStepProgress(jobId, PIPELINE_STEPS.fetchPages, { counts: { pages: list.pages.length } });

  return { pages: list.pages.length };
}
