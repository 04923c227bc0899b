import { LISTING_MAX_PAGE, PRODUCTS_PAGE_LIMIT } from "./products";
import type { Collection } from "./schemas";

/**
 * Past the 25,000-product listing cap, the products the listing could not reach come either
 * from collection listings (each costs ceil(size / 250) requests and yields whatever of the
 * collection we do not hold yet) or from the product sitemap (its child sitemaps, then one
 * request per missing product). Both routes end by reading the child sitemaps (the sitemap
 * route to find the handles, the collection route to catch a meta.json count lower than the
 * truth), so the choice weighs collection pages against one request per missing product.
 */

/** Collections kept in a plan (they travel in the cursor, so it stays small). */
export const MAX_PLANNED_COLLECTIONS = 500;

export type PlannedCollection = { handle: string; products: number | null };

/** Requests to read a whole collection listing of this size (an unknown size counts as capped). */
export function collectionPages(products: number | null): number {
  if (products === null) return LISTING_MAX_PAGE;

  return Math.min(LISTING_MAX_PAGE, Math.ceil(products / PRODUCTS_PAGE_LIMIT));
}

/** Collections worth reading: "all" mirrors /products.json (cap included), empty ones hold nothing. */
export function collectionCandidates(collections: readonly Collection[]): PlannedCollection[] {
  return collections
    .filter((c) => c.handle !== "all" && c.productsCount !== 0)
    .map((c) => ({ handle: c.handle, products: c.productsCount }));
}

/**
 * Larger collections first: they cover the most per request. A listing that reaches the cap
 * itself (or of unknown size) comes last. Stable, so equal sizes keep the store's order.
 */
export function bySize(candidates: readonly PlannedCollection[]): PlannedCollection[] {
  return [...candidates].sort((a, b) => rank(b) - rank(a)).slice(0, MAX_PLANNED_COLLECTIONS);
}

/**
 * The order to read collections in: first the set whose sizes together span the catalogue for
 * the fewest pages (with the missing products anywhere in the catalogue, that is what has to
 * be read; a store's collections by type or by vendor partition it), then the rest by size, in
 * case that set overlaps and the count is not reached.
 */
export function orderPlan(candidates: readonly PlannedCollection[], expected: number | null): PlannedCollection[] {
  const sorted = bySize(candidates);
  if (!expected || expected <= 0) return sorted;
  const span = cheapestSpan(sorted.filter((c) => rank(c) >= 0), expected);

  return [...span, ...sorted.filter((c) => !span.includes(c))];
}

const LISTING_CAP_PRODUCTS = LISTING_MAX_PAGE * PRODUCTS_PAGE_LIMIT;
/** Sizes are only roughly additive (a product in no collection, counts a little stale). */
const SPAN_SHARE = 0.995;
/** Sets spanning more than this share of the catalogue overlap too much to be worth planning. */
const SPAN_OVERLAP = 1.1;
/** Work of the knapsack below (collections × buckets), whatever the catalogue size: a few ms. */
const SPAN_WORK = 2_000_000;

function rank(c: PlannedCollection): number {
  return c.products === null || c.products >= LISTING_CAP_PRODUCTS ? -1 : c.products;
}

/**
 * Fewest pages whose collection sizes add up to SPAN_SHARE of `expected`: a 0/1 knapsack over
 * sizes in buckets (rounded down, so a set never spans less than it claims). Among sets of as
 * few pages, the one spanning the least: a sum past the catalogue means collections overlap.
 * Empty when the collections together do not span it.
 */
function cheapestSpan(collections: readonly PlannedCollection[], expected: number): PlannedCollection[] {
  const buckets = Math.max(1, Math.floor(SPAN_WORK / Math.max(1, collections.length)));
  const unit = Math.max(1, Math.ceil(expected / buckets));
  const target = Math.floor((expected * SPAN_SHARE) / unit);
  const upper = Math.ceil((expected * SPAN_OVERLAP) / unit);
  type Choice = { pages: number; index: number; previous: Choice | null };
  const best: Array<Choice | null | undefined> = new Array(upper + 1).fill(undefined);
  best[0] = null;
  collections.forEach((collection, index) => {
    const size = Math.floor((collection.products ?? 0) / unit);
    const pages = collectionPages(collection.products);
    if (size === 0) return;
    // Downwards, so every source bucket still holds sets without this collection.
    for (let t = upper - size; t >= 0; t -= 1) {
      const from = best[t];
      if (from === undefined) continue;
      const total = (from?.pages ?? 0) + pages;
      const current = best[t + size];
      if (!current || total < current.pages) best[t + size] = { pages: total, index, previous: from };
    }
  });
  let pick: Choice | null = null;
  for (let t = target; t <= upper; t += 1) {
    const choice = best[t];
    if (choice && (!pick || choice.pages < pick.pages)) pick = choice;
  }
  const chosen: PlannedCollection[] = [];
  for (let choice = pick; choice; choice = choice.previous) chosen.push(collections[choice.index]!);

  return chosen.reverse();
}

/**
 * Expected requests of the collection route: the planned listings until together they span the
 * catalogue once (the missing products may sit in any of them), plus one request per missing
 * product the collections cannot cover.
 */
export function collectionRouteCost(plan: readonly PlannedCollection[], expected: number, missing: number): number {
  let pages = 0;
  let spanned = 0;
  for (const collection of plan) {
    if (spanned >= expected * SPAN_SHARE) break;
    pages += collectionPages(collection.products);
    spanned += collection.products ?? 0;
  }
  const uncovered = spanned >= expected * SPAN_SHARE ? 0 : Math.ceil(missing * (1 - spanned / expected));

  return pages + uncovered;
}

/**
 * Before /collections.json is read (one more request): with the missing products anywhere in
 * the catalogue, the collection route reads about one catalogue's worth of pages.
 */
export function collectionRouteGuess(expected: number): number {
  return 1 + Math.ceil(expected / PRODUCTS_PAGE_LIMIT);
}
