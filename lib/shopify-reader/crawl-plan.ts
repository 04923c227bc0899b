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
 * The collection route: which collections to read, in order, and what it is expected to cost.
 * First the set whose sizes best span the catalog (with the missing products anywhere in it,
 * that is what has to be read; a store's collections by type or by vendor partition it), then
 * the rest by size, in case that set overlaps and the count is not reached.
 */
export function planRoute(
  candidates: readonly PlannedCollection[],
  expected: number,
  missing: number,
): { collections: PlannedCollection[]; cost: number } {
  const sorted = bySize(candidates);
  const span = cheapestSpan(
    sorted.filter((c) => rank(c) >= 0),
    expected,
    missing,
  );

  return { collections: [...span.chosen, ...sorted.filter((c) => !span.chosen.includes(c))], cost: span.cost };
}

const LISTING_CAP_PRODUCTS = LISTING_MAX_PAGE * PRODUCTS_PAGE_LIMIT;
/** Sets spanning more than this share of the catalog overlap too much to be worth planning. */
const SPAN_OVERLAP = 1.1;
/** Work of the knapsack below (collections × buckets), whatever the catalog size: a few ms. */
const SPAN_WORK = 2_000_000;

function rank(c: PlannedCollection): number {
  return c.products === null || c.products >= LISTING_CAP_PRODUCTS ? -1 : c.products;
}

/**
 * The set of collections with the least expected cost: its pages, plus one request by handle
 * for each missing product its sizes leave uncovered (missing products are spread over the
 * catalog). A 0/1 knapsack over sizes in buckets (rounded down). The empty set is the
 * sitemap route: every missing product by handle.
 */
function cheapestSpan(
  collections: readonly PlannedCollection[],
  expected: number,
  missing: number,
): { chosen: PlannedCollection[]; cost: number } {
  const buckets = Math.max(1, Math.floor(SPAN_WORK / Math.max(1, collections.length)));
  const unit = Math.max(1, Math.ceil(expected / buckets));
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
  // Sizes adding up past the catalog prove at least that much overlap, and sets that overlap
  // leave gaps as often as not: a span off the catalog's size either way weighs as uncovered.
  const weigh = (choice: Choice | null, t: number) =>
    (choice?.pages ?? 0) + Math.ceil((missing * Math.abs(expected - t * unit)) / expected);
  // Equal costs: the span closest to the catalog's size (most likely a partition).
  const off = (t: number) => Math.abs(expected - t * unit);
  let pick: { choice: Choice | null; cost: number; t: number } = { choice: null, cost: weigh(null, 0), t: 0 };
  for (let t = 1; t <= upper; t += 1) {
    const choice = best[t];
    if (!choice) continue;
    const cost = weigh(choice, t);
    if (cost < pick.cost || (cost === pick.cost && off(t) < off(pick.t))) pick = { choice, cost, t };
  }
  const chosen: PlannedCollection[] = [];
  for (let choice = pick.choice; choice; choice = choice.previous) chosen.push(collections[choice.index]!);

  return { chosen: chosen.reverse(), cost: pick.cost };
}

/**
 * Before /collections.json is read (one more request): with the missing products anywhere in
 * the catalog, the collection route reads about one catalog's worth of pages.
 */
export function collectionRouteGuess(expected: number): number {
  return 1 + Math.ceil(expected / PRODUCTS_PAGE_LIMIT);
}
