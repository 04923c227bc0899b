import type { CollectionPageRead } from "@/lib/shopify-reader/product-crawl-cursor";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";

/** Adds the collection pages a product-crawl slice read to the job's; a page read again replaces itself. */
export async function recordCollectionPages(jobId: string, read: CollectionPageRead[]): Promise<void> {
  if (read.length === 0) return;
  const known = (await loadArtifact(jobId, "collection-pages"))?.pages ?? [];
  const byKey = new Map(known.map((page) => [`${page.page}:${page.handle}`, page]));
  for (const page of read) byKey.set(`${page.page}:${page.handle}`, page);
  await saveArtifact(jobId, "collection-pages", { pages: [...byKey.values()] });
}

/** What is known of a collection's members before fetch-collections asks the store. */
export type KnownMembership = { productIds: number[]; nextPage: number; finished: boolean };

/**
 * Per collection, the products of its pages read from page 1 on without a gap, the page to ask
 * for next, and whether the last of them was its last page. A page after a gap is not used: the
 * membership crawl reads on from the gap.
 */
export async function knownMemberships(jobId: string): Promise<Map<string, KnownMembership>> {
  const pages = (await loadArtifact(jobId, "collection-pages"))?.pages ?? [];
  const byHandle = new Map<string, Map<number, CollectionPageRead>>();
  for (const page of pages) {
    const of = byHandle.get(page.handle) ?? new Map<number, CollectionPageRead>();
    of.set(page.page, page);
    byHandle.set(page.handle, of);
  }
  const known = new Map<string, KnownMembership>();
  for (const [handle, of] of byHandle) {
    const entry: KnownMembership = { productIds: [], nextPage: 1, finished: false };
    for (let page = of.get(1); page && !entry.finished; page = of.get(entry.nextPage)) {
      entry.productIds.push(...page.productIds);
      entry.nextPage += 1;
      entry.finished = page.last;
    }
    if (entry.nextPage > 1) known.set(handle, entry);
  }

  return known;
}
