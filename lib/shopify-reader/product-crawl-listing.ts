import { collectionRouteGuess } from "./crawl-plan";
import { fetchProductsPage, LISTING_MAX_PAGE } from "./products";
import { deliverThenAdvance, hasEnough, noteIssue, sitemapIsCheaper, skipOrStop, type Slice, type UnitResult } from "./product-crawl-slice";

const MAX_LISTING_SKIPS_IN_ROW = 2;

/** One page of /products.json, the first crawl: until an empty page, the cap, or a page that repeats. */
export async function readListingPage(slice: Slice): Promise<UnitResult> {
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
