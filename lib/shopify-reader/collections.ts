import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { normalizeCollections } from "./normalize";
import { isStoreFailure, type StoreFailure } from "./outcomes";
import { fetchCollectionProductsPage, LISTING_MAX_PAGE, PRODUCTS_PAGE_LIMIT } from "./products";
import { rawCollectionListSchema } from "./raw-schemas";
import { readListing } from "./read-listing";
import type { Collection } from "./schemas";

export type CollectionsPage = { status: "ok"; page: number; collections: Collection[]; rawCount: number };

/** `/collections.json?limit=250&page=N`. */
export async function fetchCollectionsPage(
  domain: string,
  page: number,
  options: StoreFetchOptions = {},
): Promise<CollectionsPage | StoreFailure> {
  const answer = await fetchStore(domain, `/collections.json?limit=${PRODUCTS_PAGE_LIMIT}&page=${page}`, "json", options);
  if (answer.status !== "ok") {
    return answer;
  }
  const envelope = rawCollectionListSchema.safeParse(answer.json);
  if (!envelope.success) {
    return { status: "not_json", httpStatus: answer.httpStatus, message: "/collections.json has no collections array" };
  }

  return {
    status: "ok",
    page,
    collections: normalizeCollections(envelope.data.collections),
    rawCount: envelope.data.collections.length,
  };
}

export type CollectionList = {
  status: "ok";
  collections: Collection[];
  /** False when `maxPages` ran out before an empty page. */
  complete: boolean;
  requests: number;
};

/** Step `fetch-collections`: every page of /collections.json until an empty one. */
export async function fetchCollections(
  domain: string,
  options: StoreFetchOptions & { maxPages?: number } = {},
): Promise<CollectionList | StoreFailure> {
  const listing = await readListing(
    async (page) => {
      const answer = await fetchCollectionsPage(domain, page, options);
      return answer.status === "ok" ? { ...answer, items: answer.collections } : answer;
    },
    { maxPages: options.maxPages ?? LISTING_MAX_PAGE },
  );
  if (isStoreFailure(listing)) return listing;

  return { status: "ok", collections: listing.items, complete: listing.complete, requests: listing.requests };
}

export type MembershipCursor = { index: number; page: number };

export type MembershipChunk = {
  handle: string;
  /** Product ids read in this slice; append to earlier chunks of the same handle. */
  productIds: number[];
  /** True when this chunk ends the collection's listing. */
  finished: boolean;
  /** The collection itself passed the 25,000 listing cap: its membership is partial. */
  capped: boolean;
};

export type MembershipSlice = {
  chunks: MembershipChunk[];
  /** Null when every handle is done. */
  cursor: MembershipCursor | null;
  failure: StoreFailure | null;
  requests: number;
};

/**
 * Product ids per collection through `/collections/<h>/products.json`, bounded by
 * `maxRequests` per call and resumable through the cursor, so a store with hundreds
 * of collections is spread over several workflow steps. `firstPages` starts a collection
 * past the pages already read elsewhere (its chunks then hold only the pages read here).
 */
export async function crawlCollectionMembership(
  domain: string,
  handles: readonly string[],
  cursor: MembershipCursor | null,
  options: StoreFetchOptions & { maxRequests?: number; firstPages?: ReadonlyMap<string, number> } = {},
): Promise<MembershipSlice> {
  const maxRequests = options.maxRequests ?? 50;
  const firstPage = (index: number) => options.firstPages?.get(handles[index] ?? "") ?? 1;
  const at = cursor ?? { index: 0, page: firstPage(0) };
  const chunks: MembershipChunk[] = [];
  let requests = 0;
  let current: MembershipChunk | undefined;

  while (at.index < handles.length && requests < maxRequests) {
    const handle = handles[at.index] ?? "";
    if (current?.handle !== handle) {
      current = { handle, productIds: [], finished: false, capped: false };
      chunks.push(current);
    }
    requests += 1;
    const answer = await fetchCollectionProductsPage(domain, handle, at.page, options);
    if (answer.status === "disallowed") {
      // robots.txt keeps us out of this collection: its membership stays unknown, the rest go on.
      requests -= 1;
      at.index += 1;
      at.page = firstPage(at.index);
      continue;
    }
    if (answer.status !== "ok" && answer.status !== "page_cap") {
      return { chunks, cursor: { ...at }, failure: answer, requests };
    }
    if (answer.status === "ok" && answer.rawCount > 0) {
      current.productIds.push(...answer.products.map((p) => p.id));
      at.page += 1;
      continue;
    }
    current.finished = true;
    current.capped = answer.status === "page_cap";
    at.index += 1;
    at.page = firstPage(at.index);
  }

  return { chunks, cursor: at.index < handles.length ? { ...at } : null, failure: null, requests };
}
