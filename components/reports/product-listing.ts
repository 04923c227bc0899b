import { z } from "zod";
import type { Product } from "@/lib/shopify/schemas";

export const PRODUCT_SORTS = ["title", "vendor", "type", "price", "variants"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCTS_PER_PAGE = 25;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * The products table's state, read from the report page's URL (?q=&sort=&dir=&page=) so every
 * view is linkable and works without script. Bad values fall back instead of failing the page.
 */
export const productListingQuerySchema = z.object({
  q: z.preprocess(first, z.string().trim().max(200)).catch("").default(""),
  sort: z.preprocess(first, z.enum(PRODUCT_SORTS)).catch("title").default("title"),
  dir: z.preprocess(first, z.enum(["asc", "desc"])).catch("asc").default("asc"),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).catch(1).default(1),
});
export type ProductListingQuery = z.infer<typeof productListingQuerySchema>;

export type ProductListing = {
  rows: Product[];
  /** Products matching the search. */
  total: number;
  /** Products in the report. */
  catalogueTotal: number;
  page: number;
  totalPages: number;
  firstIndex: number;
};

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function haystack(product: Product): string {
  return [product.title, product.handle, product.vendor, product.productType, ...product.tags, ...product.variants.map((v) => v.sku)]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
}

/** Missing values sort last in both directions: an unknown price is not the cheapest. */
function compareNullable<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number, sign: number): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;

  return sign * compare(a, b);
}

const price = (value: string | null) => (value === null || Number.isNaN(Number(value)) ? null : Number(value));

function comparator(sort: ProductSort, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  const text = (x: string, y: string) => collator.compare(x, y);
  const byTitle = (a: Product, b: Product) => collator.compare(a.title, b.title) || a.id - b.id;
  const keyed: Record<ProductSort, (a: Product, b: Product) => number> = {
    title: (a, b) => sign * byTitle(a, b),
    vendor: (a, b) => compareNullable(a.vendor || null, b.vendor || null, text, sign) || byTitle(a, b),
    type: (a, b) => compareNullable(a.productType || null, b.productType || null, text, sign) || byTitle(a, b),
    // Ascending reads "cheapest first", so it uses the lowest price; descending the highest.
    price: (a, b) =>
      compareNullable(price(dir === "asc" ? a.priceMin : a.priceMax), price(dir === "asc" ? b.priceMin : b.priceMax), (x, y) => x - y, sign) ||
      byTitle(a, b),
    variants: (a, b) => sign * (a.variants.length - b.variants.length) || byTitle(a, b),
  };

  return keyed[sort];
}

/** Search, sort and one page of a report's products (the report holds the full list). */
export function listReportProducts(products: Product[], query: ProductListingQuery, perPage = PRODUCTS_PER_PAGE): ProductListing {
  const needle = query.q.toLowerCase();
  const matching = needle ? products.filter((product) => haystack(product).includes(needle)) : products;
  const sorted = [...matching].sort(comparator(query.sort, query.dir));
  const totalPages = Math.max(1, Math.ceil(sorted.length / perPage));
  const page = Math.min(query.page, totalPages);
  const firstIndex = (page - 1) * perPage;

  return {
    rows: sorted.slice(firstIndex, firstIndex + perPage),
    total: sorted.length,
    catalogueTotal: products.length,
    page,
    totalPages,
    firstIndex,
  };
}

/** The URL query of a listing state, leaving defaults out so URLs stay short. */
export function productListingSearch(query: ProductListingQuery, patch: Partial<ProductListingQuery>): string {
  const next = { ...query, ...patch };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "title") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();

  return search ? `?${search}` : "";
}
