import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import type { ProductCrawlCursor, ProductCrawlOptions } from "./product-crawl-cursor";
import { FATAL_FAILURES, STOP_FAILURES, type StoreFailure } from "./outcomes";
import { completeTruncatedVariants } from "./products";
import type { Product } from "./schemas";

const MAX_ISSUES = 20;

/**
 * One slice of a product crawl: the cursor it moves, its request budget and what it has
 * delivered so far. Each crawl (listing, collections, sitemap, verification) works on it one
 * unit at a time; the helpers below are what those crawls share.
 */
export type Slice = {
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
export type UnitResult = StoreFailure | null;

/** Delivers a page's products; the cursor moves past the page only once they are delivered. */
export async function deliverThenAdvance(slice: Slice, products: Product[], advance: () => void): Promise<UnitResult> {
  const { failure } = await deliver(slice, products);
  if (!failure) advance();

  return failure;
}

/** One request per missing product (the sitemap route) against what the collection route would cost. */
export function sitemapIsCheaper(slice: Slice, collectionRoute: (expected: number, missing: number) => number): boolean {
  const expected = slice.options.expectedProducts;
  if (typeof expected !== "number" || expected <= 0) return false;
  const missing = Math.max(0, expected - slice.cursor.productsFound);

  return missing <= collectionRoute(expected, missing);
}

/** De-duplicates by id (this slice and earlier ones), completes truncated variant lists, emits. */
export async function deliver(
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

export async function filterNewHandles(slice: Slice, handles: string[]): Promise<string[]> {
  const local = handles.filter((h) => !slice.handles.has(h));

  return slice.options.seen ? slice.options.seen.filterNewHandles(local) : local;
}

/**
 * Stop the slice on fatal and back-off answers (the cursor still points at the unit,
 * so the next call retries it); otherwise skip the unit and note why.
 */
export function skipOrStop(slice: Slice, failure: StoreFailure, what: string, skip: () => void, marksIncomplete = true): UnitResult {
  if (isStopping(failure)) {
    return failure;
  }
  // `what` names a handle or a path the store gave us.
  noteIssue(slice, `${boundText(what, QUOTED_TEXT_MAX)}: ${failure.status} (${failure.message})`, marksIncomplete);
  skip();

  return null;
}

function isStopping(failure: StoreFailure): boolean {
  return FATAL_FAILURES.has(failure.status) || STOP_FAILURES.has(failure.status);
}

export function noteIssue(slice: Slice, issue: string, marksIncomplete: boolean): void {
  if (marksIncomplete) {
    slice.cursor.complete = false;
  }
  if (slice.cursor.issues.length < MAX_ISSUES) {
    slice.cursor.issues.push(issue);
  }
}

/** More products in hand than the (fully read) sitemap lists: some may be gone since. */
export function holdsUnlistedProducts({ cursor, options }: Slice): boolean {
  const { sitemapRead, sitemapProducts, gone } = cursor.reconciliation;

  return Boolean(options.seen) && sitemapRead && cursor.productsFound - gone > sitemapProducts;
}

export function hasEnough(slice: Slice): boolean {
  const expected = slice.options.expectedProducts;

  return typeof expected === "number" && expected > 0 && slice.cursor.productsFound >= expected;
}
