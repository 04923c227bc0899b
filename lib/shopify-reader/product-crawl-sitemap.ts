import { MAX_SITEMAP_PATHS } from "./product-crawl-cursor";
import { fetchProductByHandle } from "./products";
import { fetchProductSitemapPaths, fetchSitemapProductHandles } from "./sitemap";
import {
  deliver,
  filterNewHandles,
  hasEnough,
  holdsUnlistedProducts,
  noteIssue,
  skipOrStop,
  type Slice,
  type UnitResult,
} from "./product-crawl-slice";

const SITEMAP_BATCH = 100;

/**
 * Reconciliation against the product sitemap: one child sitemap read, or one batch of its
 * handles the crawl does not hold fetched one by one.
 */
export async function readSitemapUnit(slice: Slice): Promise<UnitResult> {
  const { cursor } = slice;
  const reconciliation = cursor.reconciliation;
  // Past the cap with the announced count in hand, the sitemap only reconciles; otherwise an
  // unreadable sitemap leaves the listing unconfirmed.
  const needed = !(cursor.reachedCap && hasEnough(slice));
  if (!cursor.sitemapPaths) {
    const index = await fetchProductSitemapPaths(slice.domain, slice.options);
    slice.used += 1;
    if (index.status !== "ok") {
      return skipOrStop(
        slice,
        index,
        "sitemap index",
        () => {
          cursor.phase = "done";
        },
        needed,
      );
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
