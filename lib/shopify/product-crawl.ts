import { z } from "zod";
import { fetchCollectionsPage } from "./collections";
import {
  bySize,
  collectionCandidates,
  collectionPages,
  collectionRouteGuess,
  planRoute,
} from "./crawl-plan";
import type { StoreFetchOptions } from "./fetch-store";
import { FATAL_FAILURES, STOP_FAILURES, type StoreFailure } from "./outcomes";
import {
  completeTruncatedVariants,
  fetchCollectionProductsPage,
  fetchProductByHandle,
  fetchProductsPage,
  LISTING_MAX_PAGE,
  PRODUCTS_PAGE_LIMIT,
} from "./products";
import type { Product } from "./schemas";
import type { SeenProducts } from "./seen-products";
import { fetchProductSitemapPaths, fetchSitemapProductHandles } from "./sitemap";

/** Shopify cuts product sitemaps at 5,000 URLs: 200 children is a million products. */
const MAX_SITEMAP_PATHS = 200;

/**
 * Where a product crawl stands. Small and JSON-safe on purpose: a workflow step
 * stores it and hands it to the next step. Products themselves are returned per
 * slice and de-duplicated through SeenProducts, never kept here.
 */
export const productCrawlCursorSchema = z.object({
  phase: z.enum(["listing", "collections", "sitemap", "verify", "done"]),
  /** Next /products.json page. */
  page: z.number().int().min(1),
  /** Fallback, per-collection listings: page of /collections.json, collection of the plan, its products page. */
  collectionsPage: z.number().int().min(1),
  collectionIndex: z.number().int().min(0),
  collectionProductsPage: z.number().int().min(1),
  /** Fallback, sitemap: child sitemap and offset within its pending handles. */
  sitemapIndex: z.number().int().min(0),
  sitemapOffset: z.number().int().min(0),
  /** Child product sitemaps of the index, kept so a later slice does not read the index again. */
  sitemapPaths: z.array(z.string()).max(MAX_SITEMAP_PATHS).optional(),
  /** Handles of child `index` not held when it was read: what is left to fetch one by one. */
  sitemapPending: z.object({ index: z.number().int().min(0), handles: z.array(z.string()) }).optional(),
  reachedCap: z.boolean(),
  /** Past the cap: the collection listings worth reading, in order; `ready` once /collections.json was read. */
  collectionPlan: z
    .object({
      ready: z.boolean(),
      collections: z.array(z.object({ handle: z.string(), products: z.number().int().nullable() })),
    })
    .optional(),
  listingSkipsInRow: z.number().int().min(0),
  /** False once any unit of work was skipped after failing. */
  complete: z.boolean(),
  issues: z.array(z.string()),
  productsFound: z.number().int().min(0),
  requests: z.number().int().min(0),
  /** Reconciliation against the product sitemap (defaults keep cursors of older runs readable). */
  reconciliation: z
    .object({
      /** Every child product sitemap was read. */
      sitemapRead: z.boolean(),
      /** Distinct product handles the sitemap lists. */
      sitemapProducts: z.number().int().min(0),
      /** Products the listing missed and the sitemap supplied (fetched by handle). */
      recovered: z.number().int().min(0),
      /** Products read during the crawl that no longer existed at its end. */
      gone: z.number().int().min(0),
      /** Child sitemaps counted into sitemapProducts (a re-read child is not counted twice). */
      countedSitemaps: z.number().int().min(0),
    })
    .default({ sitemapRead: false, sitemapProducts: 0, recovered: 0, gone: 0, countedSitemaps: 0 }),
});

export type ProductCrawlCursor = z.infer<typeof productCrawlCursorSchema>;
export type Reconciliation = ProductCrawlCursor["reconciliation"];

export type ProductCrawlOptions = StoreFetchOptions & {
  /** Soft bound on store requests in this slice (default 40). */
  maxRequests?: number;
  /** What earlier slices delivered; without it only this slice is de-duplicated. */
  seen?: SeenProducts;
  /** meta.json published_products_count: lets the fallback stop early and judge completeness. */
  expectedProducts?: number | null;
  /**
   * Where each page's new products go as soon as they are read (the job's snapshot), so a
   * slice never holds more than a page of them; without it they are returned in the slice.
   */
  deliverTo?: (products: Product[]) => Promise<void>;
};

export type ProductCrawlSlice = {
  /** more: call again with `cursor`; done: see `outcome`; failed: stopped on `failure`, `cursor` retries it. */
  state: "more" | "done" | "failed";
  /** New products of this slice (not delivered before), de-duplicated by id; empty with `deliverTo`. */
  products: Product[];
  cursor: ProductCrawlCursor;
  outcome: "ok" | "listing_incomplete" | null;
  failure: StoreFailure | null;
  requests: number;
};

const MAX_ISSUES = 20;
const MAX_LISTING_SKIPS_IN_ROW = 2;
const SITEMAP_BATCH = 100;
/** Products checked one by one when the crawl holds more than the sitemap lists. */
const MAX_UNLISTED_CHECKS = 500;

export function startProductCrawl(): ProductCrawlCursor {
  return {
    phase: "listing",
    page: 1,
    collectionsPage: 1,
    collectionIndex: 0,
    collectionProductsPage: 1,
    sitemapIndex: 0,
    sitemapOffset: 0,
    reachedCap: false,
    listingSkipsInRow: 0,
    complete: true,
    issues: [],
    productsFound: 0,
    requests: 0,
    reconciliation: { sitemapRead: false, sitemapProducts: 0, recovered: 0, gone: 0, countedSitemaps: 0 },
  };
}

type Slice = {
  domain: string;
  options: ProductCrawlOptions;
  cursor: ProductCrawlCursor;
  used: number;
  max: number;
  out: Product[];
  ids: Set<number>;
  handles: Set<string>;
  lastListingFirstId?: number;
  lastCollectionFirstId?: number;
};

/** What one unit of work asks of the loop: go on, or stop the slice on this failure. */
type UnitResult = StoreFailure | null;

/**
 * Step `fetch-products`, one bounded slice at a time: `/products.json` pages until an
 * empty page, and the product sitemap only when the listing fell short of the count
 * meta.json announced. Past the 25,000 cap, the cheaper of two routes to the missing
 * products (crawl-plan.ts): collection listings, largest first, until the count is
 * reached, or `/products/<handle>.json` for every sitemap handle not seen yet; either way
 * the product sitemap ends the crawl, in case the count was lower than the truth. Fatal answers
 * (password, gone, refused) and back-off answers (blocked, rate limited) stop the
 * slice with a resumable cursor; anything else is skipped and marks the listing
 * incomplete, which must never be diffed as "removed products".
 */
export async function crawlProducts(
  domain: string,
  cursor: ProductCrawlCursor | null,
  options: ProductCrawlOptions = {},
): Promise<ProductCrawlSlice> {
  const slice: Slice = {
    domain,
    options,
    cursor: structuredClone(cursor ?? startProductCrawl()),
    used: 0,
    max: options.maxRequests ?? 40,
    out: [],
    ids: new Set(),
    handles: new Set(),
  };

  while (slice.cursor.phase !== "done") {
    if (slice.used >= slice.max) {
      return finishSlice(slice, "more", null);
    }
    const failure = await runUnit(slice);
    if (failure) {
      return finishSlice(slice, "failed", failure);
    }
  }

  return finishSlice(slice, "done", null);
}

function runUnit(slice: Slice): Promise<UnitResult> {
  switch (slice.cursor.phase) {
    case "listing":
      return readListingPage(slice);
    case "collections":
      return readCollectionUnit(slice);
    case "sitemap":
      return readSitemapUnit(slice);
    default:
      return verifyUnlistedProducts(slice);
  }
}

async function readListingPage(slice: Slice): Promise<UnitResult> {
  const { cursor } = slice;
  const answer = await fetchProductsPage(slice.domain, cursor.page, slice.options);
  slice.used += 1;
  if (answer.status === "page_cap") {
    reachCap(slice);

    return null;
  }
  if (answer.status !== "ok") {
    // One odd page is skipped (and the listing marked incomplete); several in a row
    // mean the endpoint itself is broken, so stop instead of walking 100 pages of errors.
    cursor.listingSkipsInRow += 1;
    if (cursor.listingSkipsInRow > MAX_LISTING_SKIPS_IN_ROW) {
      return answer;
    }

    return skipOrStop(slice, answer, `products page ${cursor.page}`, () => {
      cursor.page += 1;
    });
  }
  cursor.listingSkipsInRow = 0;
  if (cursor.page > LISTING_MAX_PAGE + 1) {
    // Past any page Shopify serves: whatever this host is, the fallback routes finish it.
    cursor.reachedCap = true;
    cursor.phase = "collections";

    return null;
  }
  if (answer.rawCount === 0) {
    // Read to its end, the listing holds every product meta.json counts (ids are unique by
    // construction): nothing is missing. Short of the count, a product deleted or added while we
    // read shifted the pages under us; the sitemap, an independent list, tells what we missed.
    // A count lower than the truth cannot stop the listing early: only this empty page ends it.
    cursor.phase = hasEnough(slice) ? "done" : "sitemap";

    return null;
  }
  // Listing pages never overlap; the same first product again means `page` is being
  // ignored, so the rest can only come from the fallback routes.
  const firstId = answer.products[0]?.id;
  if (firstId !== undefined && firstId === slice.lastListingFirstId) {
    noteIssue(slice, `products page ${cursor.page} repeats the previous page`, false);
    cursor.phase = "collections";

    return null;
  }
  slice.lastListingFirstId = firstId;

  return deliverThenAdvance(slice, answer.products, () => {
    cursor.page += 1;
    // Past page 100 Shopify only answers the cap (page × 250 > 25,000): no need to ask.
    if (cursor.page > LISTING_MAX_PAGE) reachCap(slice);
  });
}

/**
 * The listing cannot go further. With the count reached, only the sitemap check is left (it
 * catches a count lower than the truth); otherwise the cheaper way to the missing products.
 */
function reachCap(slice: Slice): void {
  const { cursor } = slice;
  cursor.reachedCap = true;
  cursor.phase = hasEnough(slice) || sitemapIsCheaper(slice, collectionRouteGuess) ? "sitemap" : "collections";
}

/** One request per missing product (the sitemap route) against what the collection route would cost. */
function sitemapIsCheaper(slice: Slice, collectionRoute: (expected: number, missing: number) => number): boolean {
  const expected = slice.options.expectedProducts;
  if (typeof expected !== "number" || expected <= 0) return false;
  const missing = Math.max(0, expected - slice.cursor.productsFound);

  return missing <= collectionRoute(expected, missing);
}

/** Delivers a page's products; the cursor moves past the page only once they are delivered. */
async function deliverThenAdvance(slice: Slice, products: Product[], advance: () => void): Promise<UnitResult> {
  const { failure } = await deliver(slice, products);
  if (!failure) advance();

  return failure;
}

async function readCollectionUnit(slice: Slice): Promise<UnitResult> {
  const { cursor } = slice;
  if (hasEnough(slice)) {
    cursor.phase = "sitemap";

    return null;
  }
  if (!cursor.collectionPlan?.ready) return planCollectionRoute(slice);

  const planned = cursor.collectionPlan.collections[cursor.collectionIndex];
  if (planned === undefined) {
    cursor.phase = "sitemap";

    return null;
  }
  const nextCollection = () => {
    cursor.collectionIndex += 1;
    cursor.collectionProductsPage = 1;
  };
  const page = cursor.collectionProductsPage;
  const answer = await fetchCollectionProductsPage(slice.domain, planned.handle, page, slice.options);
  slice.used += 1;
  if (answer.status === "page_cap" || (answer.status === "ok" && answer.rawCount === 0)) {
    nextCollection();

    return null;
  }
  if (answer.status !== "ok") {
    return skipOrStop(slice, answer, `collection ${planned.handle} page ${page}`, nextCollection, false);
  }
  // A collection that serves the same first product again is ignoring `page`.
  const firstId = answer.products[0]?.id;
  if (page > 1 && firstId !== undefined && firstId === slice.lastCollectionFirstId) {
    nextCollection();

    return null;
  }
  slice.lastCollectionFirstId = firstId;
  // The size /collections.json gave says which page is the last: no empty page to ask for.
  // A size lower than the truth is caught by the sitemap check that ends the crawl.
  const last = planned.products !== null && page >= collectionPages(planned.products);

  return deliverThenAdvance(slice, answer.products, last ? nextCollection : () => (cursor.collectionProductsPage += 1));
}

/**
 * One page of /collections.json into the plan (kept in the cursor, so a later slice does not
 * read it again). Once every page is in, the collection route is taken only if it beats
 * fetching the missing products one by one from the sitemap.
 */
async function planCollectionRoute(slice: Slice): Promise<UnitResult> {
  const { cursor } = slice;
  const page = await fetchCollectionsPage(slice.domain, cursor.collectionsPage, slice.options);
  slice.used += 1;
  if (page.status !== "ok") {
    // The sitemap still covers the catalogue; only record why this route stopped.
    return skipOrStop(slice, page, `collections page ${cursor.collectionsPage}`, () => {
      cursor.phase = "sitemap";
    }, false);
  }
  const plan = cursor.collectionPlan ?? { ready: false, collections: [] };
  plan.collections = bySize([...plan.collections, ...collectionCandidates(page.collections)]);
  // A short page is the last one.
  plan.ready = page.rawCount < PRODUCTS_PAGE_LIMIT || cursor.collectionsPage >= LISTING_MAX_PAGE;
  cursor.collectionPlan = plan;
  cursor.collectionsPage += 1;
  const expected = slice.options.expectedProducts;
  if (plan.ready && typeof expected === "number" && expected > 0) {
    const route = planRoute(plan.collections, expected, Math.max(0, expected - cursor.productsFound));
    plan.collections = route.collections;
    if (sitemapIsCheaper(slice, () => route.cost)) cursor.phase = "sitemap";
  }

  return null;
}

async function readSitemapUnit(slice: Slice): Promise<UnitResult> {
  const { cursor } = slice;
  const reconciliation = cursor.reconciliation;
  // Past the cap with the announced count in hand, the sitemap only reconciles; otherwise an
  // unreadable sitemap leaves the listing unconfirmed.
  const needed = !(cursor.reachedCap && hasEnough(slice));
  if (!cursor.sitemapPaths) {
    const index = await fetchProductSitemapPaths(slice.domain, slice.options);
    slice.used += 1;
    if (index.status !== "ok") {
      return skipOrStop(slice, index, "sitemap index", () => {
        cursor.phase = "done";
      }, needed);
    }
    if (index.paths.length === 0 && needed && cursor.productsFound > 0) {
      noteIssue(slice, "the sitemap lists no product sitemaps", true);
    }
    if (cursor.sitemapIndex === 0 && reconciliation.countedSitemaps === 0) reconciliation.sitemapRead = index.paths.length > 0;
    cursor.sitemapPaths = index.paths.slice(0, MAX_SITEMAP_PATHS);
  }

  const path = cursor.sitemapPaths[cursor.sitemapIndex];
  if (path === undefined) {
    if (!holdsUnlistedProducts(slice)) {
      cursor.phase = "done";

      return null;
    }
    // Verify in a slice of its own, once every product delivered so far is stored.
    cursor.phase = "verify";
    slice.used = Math.max(slice.used, slice.max);

    return null;
  }
  const nextSitemap = () => {
    cursor.sitemapIndex += 1;
    cursor.sitemapOffset = 0;
    delete cursor.sitemapPending;
  };
  if (cursor.sitemapPending?.index !== cursor.sitemapIndex) {
    const child = await fetchSitemapProductHandles(slice.domain, path, slice.options);
    slice.used += 1;
    if (child.status !== "ok") {
      reconciliation.sitemapRead = false;

      return skipOrStop(slice, child, `sitemap ${path}`, nextSitemap);
    }
    if (reconciliation.countedSitemaps === cursor.sitemapIndex) {
      reconciliation.sitemapProducts += child.handles.length;
      reconciliation.countedSitemaps += 1;
    }
    // Only the handles we do not hold travel on, in the cursor: the child is read once.
    cursor.sitemapPending = { index: cursor.sitemapIndex, handles: await filterNewHandles(slice, child.handles) };
    cursor.sitemapOffset = 0;
  }

  const batch = cursor.sitemapPending.handles.slice(cursor.sitemapOffset, cursor.sitemapOffset + SITEMAP_BATCH);
  if (batch.length === 0) {
    nextSitemap();

    return null;
  }
  for (const [i, handle] of batch.entries()) {
    if (slice.handles.has(handle)) continue;
    if (slice.used >= slice.max) {
      cursor.sitemapOffset += i;

      return null;
    }
    const answer = await fetchProductByHandle(slice.domain, handle, slice.options);
    slice.used += 1;
    if (answer.status === "ok") {
      const { delivered } = await deliver(slice, [answer.product], false);
      // Below the cap the listing should have had it: a shift hid it from us.
      if (!cursor.reachedCap) reconciliation.recovered += delivered;
    } else if (answer.status !== "missing") {
      const offset = cursor.sitemapOffset + i;
      const stop = skipOrStop(slice, answer, `product ${handle}`, () => undefined);
      if (stop) {
        cursor.sitemapOffset = offset;

        return stop;
      }
    }
  }
  cursor.sitemapOffset += batch.length;

  return null;
}

/**
 * The crawl holds more products than the sitemap lists: some it read may be gone since
 * (deleted or unpublished mid-crawl). Those not listed are checked one by one; the gone
 * ones are marked, never silently kept or dropped.
 */
async function verifyUnlistedProducts(slice: Slice): Promise<UnitResult> {
  const { cursor } = slice;
  const reconciliation = cursor.reconciliation;
  const seen = slice.options.seen;
  cursor.phase = "done";
  if (!seen || !holdsUnlistedProducts(slice)) return null;

  const listed = new Set<string>();
  const index = await fetchProductSitemapPaths(slice.domain, slice.options);
  slice.used += 1;
  if (index.status !== "ok") return skipOrStop(slice, index, "sitemap index (verify)", () => undefined);
  for (const path of index.paths) {
    const child = await fetchSitemapProductHandles(slice.domain, path, slice.options);
    slice.used += 1;
    if (child.status !== "ok") return skipOrStop(slice, child, `sitemap ${path} (verify)`, () => undefined);
    for (const handle of child.handles) listed.add(handle);
  }

  const unlisted = await seen.findUnlisted(listed);
  if (unlisted.length > MAX_UNLISTED_CHECKS) {
    noteIssue(slice, `${unlisted.length} products are not in the sitemap; checked the first ${MAX_UNLISTED_CHECKS}`, true);
  }
  const goneIds: number[] = [];
  for (const product of unlisted.slice(0, MAX_UNLISTED_CHECKS)) {
    const answer = await fetchProductByHandle(slice.domain, product.handle, slice.options);
    slice.used += 1;
    if (answer.status === "missing") goneIds.push(product.id);
    else if (answer.status !== "ok") {
      const stop = skipOrStop(slice, answer, `product ${product.handle} (verify)`, () => undefined);
      if (stop) {
        cursor.phase = "verify";

        return stop;
      }
    }
  }
  if (goneIds.length > 0) {
    await seen.markGone(goneIds);
    reconciliation.gone += goneIds.length;
  }

  return null;
}

/** De-duplicates by id (this slice and earlier ones), completes truncated variant lists, emits. */
async function deliver(
  slice: Slice,
  products: readonly Product[],
  completeVariants = true,
): Promise<{ failure: UnitResult; delivered: number }> {
  const fresh = products.filter((p) => !slice.ids.has(p.id));
  const newIds = slice.options.seen ? new Set(await slice.options.seen.filterNewIds(fresh.map((p) => p.id))) : undefined;
  let selected = newIds ? fresh.filter((p) => newIds.has(p.id)) : fresh;
  if (completeVariants) {
    const completed = await completeTruncatedVariants(slice.domain, selected, slice.options);
    slice.used += completed.requests;
    if (completed.failure && isStopping(completed.failure)) {
      return { failure: completed.failure, delivered: 0 };
    }
    if (completed.failure) {
      noteIssue(slice, `full variants: ${completed.failure.message}`, true);
    }
    selected = completed.products;
  }
  if (slice.options.deliverTo) await slice.options.deliverTo(selected);
  for (const product of selected) {
    slice.ids.add(product.id);
    slice.handles.add(product.handle);
    if (!slice.options.deliverTo) slice.out.push(product);
  }
  slice.cursor.productsFound += selected.length;

  return { failure: null, delivered: selected.length };
}

async function filterNewHandles(slice: Slice, handles: string[]): Promise<string[]> {
  const local = handles.filter((h) => !slice.handles.has(h));

  return slice.options.seen ? slice.options.seen.filterNewHandles(local) : local;
}

/**
 * Stop the slice on fatal and back-off answers (the cursor still points at the unit,
 * so the next call retries it); otherwise skip the unit and note why.
 */
function skipOrStop(slice: Slice, failure: StoreFailure, what: string, skip: () => void, marksIncomplete = true): UnitResult {
  if (isStopping(failure)) {
    return failure;
  }
  noteIssue(slice, `${what}: ${failure.status} (${failure.message})`, marksIncomplete);
  skip();

  return null;
}

function isStopping(failure: StoreFailure): boolean {
  return FATAL_FAILURES.has(failure.status) || STOP_FAILURES.has(failure.status);
}

function noteIssue(slice: Slice, issue: string, marksIncomplete: boolean): void {
  if (marksIncomplete) {
    slice.cursor.complete = false;
  }
  if (slice.cursor.issues.length < MAX_ISSUES) {
    slice.cursor.issues.push(issue);
  }
}

/** More products in hand than the (fully read) sitemap lists: some may be gone since. */
function holdsUnlistedProducts({ cursor, options }: Slice): boolean {
  const { sitemapRead, sitemapProducts, gone } = cursor.reconciliation;

  return Boolean(options.seen) && sitemapRead && cursor.productsFound - gone > sitemapProducts;
}

function hasEnough(slice: Slice): boolean {
  const expected = slice.options.expectedProducts;

  return typeof expected === "number" && expected > 0 && slice.cursor.productsFound >= expected;
}

function finishSlice(slice: Slice, state: ProductCrawlSlice["state"], failure: StoreFailure | null): ProductCrawlSlice {
  slice.cursor.requests += slice.used;
  const outcome = state === "done" ? (slice.cursor.complete ? "ok" : "listing_incomplete") : null;

  return { state, products: slice.out, cursor: slice.cursor, outcome, failure, requests: slice.used };
}
