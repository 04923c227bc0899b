import { fetchCollectionsPage } from "./collections";
import { bySize, collectionCandidates, collectionPages, planRoute } from "./crawl-plan";
import { fetchCollectionProductsPage, LISTING_MAX_PAGE, PRODUCTS_PAGE_LIMIT } from "./products";
import { deliverThenAdvance, hasEnough, sitemapIsCheaper, skipOrStop, type Slice, type UnitResult } from "./product-crawl-slice";

/** Past the listing cap: one page of a planned collection listing, largest collections first. */
export async function readCollectionUnit(slice: Slice): Promise<UnitResult> {
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
  if (answer.status === "ok" && answer.rawCount === 0)
    slice.options.onCollectionPage?.({ handle: planned.handle, page, productIds: [], last: true });
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
  slice.options.onCollectionPage?.({ handle: planned.handle, page, productIds: answer.products.map((p) => p.id), last });

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
    // The sitemap still covers the catalog; only record why this route stopped.
    return skipOrStop(
      slice,
      page,
      `collections page ${cursor.collectionsPage}`,
      () => {
        cursor.phase = "sitemap";
      },
      false,
    );
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
