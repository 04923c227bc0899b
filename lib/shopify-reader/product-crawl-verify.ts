import { fetchProductByHandle } from "./products";
import { fetchProductSitemapPaths, fetchSitemapProductHandles } from "./sitemap";
import { holdsUnlistedProducts, noteIssue, skipOrStop, type Slice, type UnitResult } from "./product-crawl-slice";

/** Products checked one by one when the crawl holds more than the sitemap lists. */
const MAX_UNLISTED_CHECKS = 500;

/**
 * The crawl holds more products than the sitemap lists: some it read may be gone since
 * (deleted or unpublished mid-crawl). Those not listed are checked one by one; the gone
 * ones are marked, never silently kept or dropped.
 */
export async function verifyUnlistedProducts(slice: Slice): Promise<UnitResult> {
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
