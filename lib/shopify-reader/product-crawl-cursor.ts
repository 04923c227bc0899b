import { z } from "zod";
import type { StoreFetchOptions } from "./fetch-store";
import type { StoreFailure } from "./outcomes";
import type { Product } from "./schemas";
import type { SeenProducts } from "./seen-products";

/** Shopify cuts product sitemaps at 5,000 URLs: 200 children is a million products. */
export const MAX_SITEMAP_PATHS = 200;

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
  /**
   * Told of each collection listing page the crawl reads past the cap, so the membership crawl
   * (fetch-collections) need not ask the store for the same page again.
   */
  onCollectionPage?: (page: CollectionPageRead) => void;
};

/** One page of a collection's listing as read: which products it held, and whether it was the last. */
export type CollectionPageRead = { handle: string; page: number; productIds: number[]; last: boolean };

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
