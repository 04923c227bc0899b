import type { StoreFetchOptions } from "./fetch-store";
import type { StoreFailure } from "./outcomes";
import { completeTruncatedVariants, fetchProductsPage } from "./products";
import type { Product } from "./schemas";

export type ProductPagesRead = {
  products: Product[];
  /** Next page to read; null once an EMPTY page ended the listing. */
  nextPage: number | null;
  /** The 25,000-product cap answered at `nextPage`: the rest needs the fallback. */
  reachedCap: boolean;
  /** Set when a page failed; `nextPage` is that page, so calling again retries it. */
  failure: StoreFailure | null;
  requests: number;
};

/**
 * Reads `/products.json` pages [from, to). Stops at the first EMPTY page — a short
 * page is not the end (stores have served 249-product pages mid-catalogue). Products
 * with a possibly truncated variant list are replaced by their full version.
 */
export async function readProductPages(
  domain: string,
  range: { from: number; to: number },
  options: StoreFetchOptions = {},
): Promise<ProductPagesRead> {
  const products: Product[] = [];
  let requests = 0;
  for (let page = range.from; page < range.to; page += 1) {
    requests += 1;
    const answer = await fetchProductsPage(domain, page, options);
    if (answer.status === "page_cap") {
      return { products, nextPage: page, reachedCap: true, failure: null, requests };
    }
    if (answer.status !== "ok") {
      return { products, nextPage: page, reachedCap: false, failure: answer, requests };
    }
    if (answer.rawCount === 0) {
      return { products, nextPage: null, reachedCap: false, failure: null, requests };
    }
    const completed = await completeTruncatedVariants(domain, answer.products, options);
    requests += completed.requests;
    if (completed.failure) {
      return { products, nextPage: page, reachedCap: false, failure: completed.failure, requests };
    }
    products.push(...completed.products);
  }

  return { products, nextPage: range.to, reachedCap: false, failure: null, requests };
}
