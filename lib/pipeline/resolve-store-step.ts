import { getJob } from "@/lib/jobs/get-job";
import { failJob } from "@/lib/jobs/job-state";
import { FATAL_FAILURES, isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { resolveStore } from "@/lib/shopify-reader/resolve-store";
import { confirmShopIdentity } from "@/lib/shopify-reader/shop-identity";
import { attachJobToStore } from "@/lib/jobs/attach-job-to-store";
import { saveArtifact } from "@/lib/snapshots/artifacts";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { describeStoreFailure, RetryableStoreError } from "./store-failures";

export type ResolvedStoreStep = { ok: true; domain: string; expectedProducts: number | null } | { ok: false; code: string };

/**
 * Step resolve-store: is it a reachable, public Shopify store? A store that is not Shopify,
 * does not exist, is password-protected or blocks us ends the job now, with a clear error;
 * transient trouble is thrown for the workflow to retry.
 */
export async function resolveStoreStep(jobId: string): Promise<ResolvedStoreStep> {
  const job = await getJob(jobId);
  await recordStepProgress(jobId, PIPELINE_STEPS.resolveStore, { done: 0.2 });

  const resolved = await resolveStore(job.domain);
  if (isStoreFailure(resolved)) {
    const failure = describeStoreFailure(job.domain, resolved);
    if (FATAL_FAILURES.has(resolved.status) || resolved.status === "blocked") {
      await failJob(jobId, { ...failure, step: PIPELINE_STEPS.resolveStore.id });

      return { ok: false, code: failure.code };
    }
    throw new RetryableStoreError(failure.code, failure.error);
  }

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
