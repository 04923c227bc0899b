import { MEMBERSHIP_REQUEST_BUDGET, PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { crawlCollectionMembership, fetchCollections } from "@/lib/shopify-reader/collections";
import { isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { LISTING_MAX_PAGE, PRODUCTS_PAGE_LIMIT } from "@/lib/shopify-reader/products";
import { saveArtifact } from "@/lib/snapshots/artifacts";
import { knownMemberships } from "./collection-pages";
import { describeStoreFailure, RetryableStoreError } from "./store-failures";

/**
 * A collection announcing more products than a listing serves (100 pages of 250) cannot be read
 * whole, so its membership would be partial and is not kept: its 100 pages (a 26,040-product
 * store's "all") are not asked for at all. A collection of unknown size is read.
 */
function pastListingCap(productsCount: number | null): boolean {
  return productsCount !== null && productsCount > LISTING_MAX_PAGE * PRODUCTS_PAGE_LIMIT;
}

/** Step fetch-collections: the collections and, within a budget, which products each holds. */
export async function fetchCollectionsStep(jobId: string, domain: string): Promise<{ collections: number }> {
  const answer = await fetchCollections(domain);
  // A collections listing robots.txt disallows is skipped (the report's crawl section says so).
  const list = answer.status === "disallowed" ? { status: "ok" as const, collections: [], complete: false, requests: 0 } : answer;
  if (isStoreFailure(list)) {
    const failure = describeStoreFailure(domain, list);
    throw new RetryableStoreError(failure.code, failure.error);
  }

  // Past the listing cap the product crawl read whole collections already: only the rest is asked for.
  const known = await knownMemberships(jobId);
  const ids = new Map<string, { productIds: number[]; finished: boolean }>();
  for (const [handle, entry] of known) ids.set(handle, { productIds: [...entry.productIds], finished: entry.finished });
  const handles = list.collections
    .filter((collection) => !known.get(collection.handle)?.finished && !pastListingCap(collection.productsCount))
    .map((collection) => collection.handle);
  const firstPages = new Map([...known].map(([handle, entry]) => [handle, entry.nextPage]));
  const membership = await crawlCollectionMembership(domain, handles, null, { maxRequests: MEMBERSHIP_REQUEST_BUDGET, firstPages });
  for (const chunk of membership.chunks) {
    const entry = ids.get(chunk.handle) ?? { productIds: [], finished: false };
    entry.productIds.push(...chunk.productIds);
    entry.finished = chunk.finished && !chunk.capped;
    ids.set(chunk.handle, entry);
  }

  const collections = list.collections.map((collection) => {
    const entry = ids.get(collection.handle);

    return { ...collection, productIds: entry?.finished ? entry.productIds : null };
  });
  const complete = list.complete && membership.cursor === null && !membership.failure;
  await saveArtifact(jobId, "collections", { collections, complete });
  await recordStepProgress(jobId, PIPELINE_STEPS.fetchCollections, { counts: { collections: collections.length } });

  return { collections: collections.length };
}
