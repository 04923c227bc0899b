import type { StoreFailure } from "@/lib/shopify-reader/outcomes";
import { crawlProducts, type ProductCrawlCursor, type ProductCrawlOptions } from "@/lib/shopify-reader/product-crawl";
import type { Product } from "@/lib/shopify-reader/schemas";
import { createMemorySeenProducts } from "./memory-seen-products";

export type AllProducts = {
  status: "ok" | "listing_incomplete";
  products: Product[];
  cursor: ProductCrawlCursor;
  requests: number;
};

/**
 * The whole catalog in one call, slice after slice, de-duplicated in memory. For
 * tests, the benchmark and small one-off reads; workflow steps call crawlProducts
 * slice by slice instead.
 */
export async function readAllProducts(
  domain: string,
  options: Omit<ProductCrawlOptions, "seen"> = {},
): Promise<AllProducts | (StoreFailure & { products: Product[] })> {
  const seen = createMemorySeenProducts();
  const products: Product[] = [];
  let cursor: ProductCrawlCursor | null = null;
  for (;;) {
    const slice = await crawlProducts(domain, cursor, { maxRequests: 200, ...options, seen });
    seen.remember(slice.products);
    products.push(...slice.products);
    cursor = slice.cursor;
    if (slice.failure) {
      return { ...slice.failure, products };
    }
    if (slice.state === "done") {
      return { status: slice.outcome ?? "listing_incomplete", products, cursor, requests: cursor.requests };
    }
  }
}
