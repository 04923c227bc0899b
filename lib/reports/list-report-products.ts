import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";
import { productSchema, type Product } from "@/lib/shopify-reader/schemas";
import { compareRows, storedListingRows } from "./stored-product-listing";

export const PRODUCT_SORTS = ["title", "vendor", "type", "price", "variants"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCTS_PER_PAGE = 25;
/** Longest search the listing accepts: a product title, not a document. */
export const PRODUCT_SEARCH_MAX = 200;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * The products table's state, read from the report page's URL (?q=&sort=&dir=&page=) so every
 * view is linkable and works without script. Bad values fall back instead of failing the page.
 */
export const productListingQuerySchema = z.object({
  q: z.preprocess(first, z.string().trim().max(PRODUCT_SEARCH_MAX)).catch("").default(""),
  sort: z.preprocess(first, z.enum(PRODUCT_SORTS)).catch("title").default("title"),
  dir: z
    .preprocess(first, z.enum(["asc", "desc"]))
    .catch("asc")
    .default("asc"),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).catch(1).default(1),
});
export type ProductListingQuery = z.infer<typeof productListingQuerySchema>;

export type ProductListing = {
  rows: Product[];
  /** Products matching the search. */
  total: number;
  /** Products in the report. */
  catalogTotal: number;
  page: number;
  totalPages: number;
  firstIndex: number;
};

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const p = snapshotProducts;

/**
 * ORDER BY of each sort. Title order is the natural key then the product id, both in the
 * chosen direction (the (job_id, title_key, product_id) index, read either way). The other
 * sorts leave missing values last in both directions and break ties by title, then id.
 * Ascending price reads "cheapest first", so it uses the lowest price; descending the highest.
 */
function orderOf(sort: ProductSort, dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const nullsLast = (column: AnyColumn) => (dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  const byTitle = [asc(p.titleKey), asc(p.productId)];
  switch (sort) {
    case "title":
      return [by(p.titleKey), by(p.productId)];
    case "vendor":
      return [nullsLast(p.vendorKey), ...byTitle];
    case "type":
      return [nullsLast(p.typeKey), ...byTitle];
    case "price":
      return [nullsLast(dir === "asc" ? p.priceMin : p.priceMax), ...byTitle];
    case "variants":
      return [nullsLast(p.variantCount), ...byTitle];
  }
}

/**
 * One page of a report's products, searched and sorted in the database: the page reads
 * `perPage` rows and two counts, never the whole catalog. A page past the end shows the last.
 */
export async function listReportProducts(jobId: string, query: ProductListingQuery, perPage = PRODUCTS_PER_PAGE): Promise<ProductListing> {
  const needle = query.q.slice(0, PRODUCT_SEARCH_MAX).toLowerCase();
  const ofJob = and(eq(p.jobId, jobId), isNull(p.goneAt));
  const matches = needle ? sql`${p.searchText} ilike ${containsPattern(needle)} escape '\\'` : undefined;

  const [counts] = await getDb()
    .select({
      total: matches ? sql<number>`(count(*) filter (where ${matches}))::int` : sql<number>`count(*)::int`,
      catalogTotal: sql<number>`count(*)::int`,
    })
    .from(p)
    .where(ofJob);
  if ((counts?.catalogTotal ?? 0) === 0) return listStoredProducts(jobId, { ...query, q: needle }, perPage);
  const total = counts?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, totalPages);
  const firstIndex = (page - 1) * perPage;

  const rows =
    total === 0
      ? []
      : await getDb()
          .select({ data: p.data })
          .from(p)
          .where(and(ofJob, matches))
          .orderBy(...orderOf(query.sort, query.dir))
          .limit(perPage)
          .offset(firstIndex);

  return {
    rows: rows.map((row) => productSchema.parse(row.data)),
    total,
    catalogTotal: counts?.catalogTotal ?? 0,
    page,
    totalPages,
    firstIndex,
  };
}

/**
 * The same listing for a report whose snapshot rows cleanup dropped: read from its stored
 * body, searched and sorted in memory the way the SQL above does.
 */
async function listStoredProducts(jobId: string, query: ProductListingQuery, perPage: number): Promise<ProductListing> {
  const all = await storedListingRows(jobId);
  const matching = query.q ? all.filter((row) => row.searchText?.includes(query.q)) : all;
  const total = matching.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, totalPages);
  const firstIndex = (page - 1) * perPage;
  const rows = [...matching].sort(compareRows(query.sort, query.dir)).slice(firstIndex, firstIndex + perPage);

  return { rows: rows.map((row) => row.product), total, catalogTotal: all.length, page, totalPages, firstIndex };
}
