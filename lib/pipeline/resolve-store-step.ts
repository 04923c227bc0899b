import { getJob } from "@/lib/jobs/get-job";
import { failJob } from "@/lib/jobs/job-state";
import { FATAL_FAILURES, isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { resolveStore } from "@/lib/shopify-reader/resolve-store";
import { confirmShopIdentity } from "@/lib/shopify-reader/shop-identity";
import { attachJobToStore } from "@/lib/jobs/attach-job-to-store";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";
import { disallowedEssentials, readRobots, robotsPolicy } from "@/lib/shopify-reader/robots";
import type { StoreFailure } from "@/lib/shopify-reader/outcomes";
import { withJobCrawl } from "./job-crawl";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { describeRobotsDisallowed, describeStoreFailure, RetryableStoreError } from "./store-failures";

export type ResolvedStoreStep = { ok: true; domain: string; expectedProducts: number | null } | { ok: false; code: string };

/**
 * Step resolve-store: is it a reachable, public Shopify store? A store that is not Shopify,
 * does not exist, is password-protected or blocks us ends the job now, with a clear error;
 * transient trouble is thrown for the workflow to retry.
 */
export async function resolveStoreStep(jobId: string): Promise<ResolvedStoreStep> {
  const job = await getJob(jobId);
  await recordStepProgress(jobId, PIPELINE_STEPS.resolveStore, { done: 0.2 });

  // robots.txt first, read once per job: kept as an artifact, so a retried step does not read it again.
  let robots = await loadArtifact(jobId, "robots");
  if (!robots) {
    const read = await withJobCrawl(jobId, () => readRobots(job.domain), null);
    if (isStoreFailure(read)) return endOrRetry(jobId, job.domain, read);
    robots = read;
    await saveArtifact(jobId, "robots", robots);
  }
  const refused = disallowedEssentials(robotsPolicy(robots));
  if (refused.length > 0) {
    const failure = describeRobotsDisallowed(job.domain, refused);
    await failJob(jobId, { ...failure, step: PIPELINE_STEPS.resolveStore.id });

    return { ok: false, code: failure.code };
  }

  const resolved = await withJobCrawl(jobId, () => resolveStore(job.domain), robots);
  if (isStoreFailure(resolved)) return endOrRetry(jobId, job.domain, resolved);

  // meta.json's myshopify_domain is the host's own word: it moves the job only once Shopify confirms it.
  await attachJobToStore(jobId, await confirmShopIdentity(resolved));
  await saveArtifact(jobId, "store", {
    meta: resolved.meta,
    canonicalDomain: resolved.canonicalDomain,
    cartCurrency: resolved.currency.cart,
  });
  await recordStepProgress(jobId, PIPELINE_STEPS.resolveStore, {
    counts: { expected_products: resolved.meta.publishedProductsCount ?? 0 },
  });

  return { ok: true, domain: resolved.canonicalDomain, expectedProducts: resolved.meta.publishedProductsCount };
}

/** A store that is not Shopify, does not exist, is password-protected or blocks us ends the job; the rest is retried. */
async function endOrRetry(jobId: string, domain: string, failure: StoreFailure): Promise<ResolvedStoreStep> {
  const described = describeStoreFailure(domain, failure);
  if (FATAL_FAILURES.has(failure.status) || failure.status === "blocked") {
    await failJob(jobId, { ...described, step: PIPELINE_STEPS.resolveStore.id });

    return { ok: false, code: described.code };
  }
  throw new RetryableStoreError(described.code, described.error);
}
