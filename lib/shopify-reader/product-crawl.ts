import type { StoreFailure } from "./outcomes";
import { readCollectionUnit } from "./product-crawl-collections";
import { startProductCrawl, type ProductCrawlCursor, type ProductCrawlOptions, type ProductCrawlSlice } from "./product-crawl-cursor";
import { readListingPage } from "./product-crawl-listing";
import { readSitemapUnit } from "./product-crawl-sitemap";
import type { Slice, UnitResult } from "./product-crawl-slice";
import { verifyUnlistedProducts } from "./product-crawl-verify";

// The one entry point of the product crawl. Each crawl lives in its own file: the listing
// (product-crawl-listing.ts), collection listings past the cap (product-crawl-collections.ts),
// the sitemap reconciliation (product-crawl-sitemap.ts) and the check of products the sitemap
// no longer lists (product-crawl-verify.ts); product-crawl-slice.ts holds what they share.
export {
  productCrawlCursorSchema,
  startProductCrawl,
  type ProductCrawlCursor,
  type ProductCrawlOptions,
  type ProductCrawlSlice,
  type Reconciliation,
} from "./product-crawl-cursor";

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

function finishSlice(slice: Slice, state: ProductCrawlSlice["state"], failure: StoreFailure | null): ProductCrawlSlice {
  slice.cursor.requests += slice.used;
  const outcome = state === "done" ? (slice.cursor.complete ? "ok" : "listing_incomplete") : null;

  return { state, products: slice.out, cursor: slice.cursor, outcome, failure, requests: slice.used };
}
