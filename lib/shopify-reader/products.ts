import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { normalizeProduct, normalizeProducts } from "./normalize";
import { isStoreFailure, type StoreFailure } from "./outcomes";
import { rawProductListSchema, rawProductSchema, rawSingleProductSchema } from "./raw-schemas";
import type { Product } from "./schemas";

/** Shopify clamps `limit` to 250 silently. */
export const PRODUCTS_PAGE_LIMIT = 250;
/** page × limit may not exceed 25,000: page 101 at limit 250 answers 400. */
export const LISTING_MAX_PAGE = 100;
/** Listings are reported to cut variant lists at 100; such products are re-read one by one. */
export const LISTING_VARIANT_LIMIT = 100;

export type ProductsPage = {
  status: "ok";
  page: number;
  products: Product[];
  /** Products in the answer, including any that failed to parse. */
  rawCount: number;
  skipped: number;
  /** Handles whose variant list may have been cut by the listing. */
  truncatedHandles: string[];
  cartCurrency: string | null;
};

/** The 25,000-product listing cap was hit: this page cannot be read. */
export type PageCapReached = { status: "page_cap"; page: number };

/** `/products.json?limit=250&page=N` (1-based). */
export function fetchProductsPage(
  domain: string,
  page: number,
  options: StoreFetchOptions = {},
): Promise<ProductsPage | PageCapReached | StoreFailure> {
  return fetchListingPage(domain, "/products.json", page, options);
}

/** `/collections/<handle>/products.json?limit=250&page=N`; an unknown handle reads as empty. */
export function fetchCollectionProductsPage(
  domain: string,
  handle: string,
  page: number,
  options: StoreFetchOptions = {},
): Promise<ProductsPage | PageCapReached | StoreFailure> {
  return fetchListingPage(domain, `/collections/${encodeHandle(handle)}/products.json`, page, options);
}

async function fetchListingPage(
  domain: string,
  path: string,
  page: number,
  options: StoreFetchOptions,
): Promise<ProductsPage | PageCapReached | StoreFailure> {
  const answer = await fetchStore(domain, `${path}?limit=${PRODUCTS_PAGE_LIMIT}&page=${page}`, "json", options);
  if (answer.status === "http_error" && answer.httpStatus === 400 && page > 1 && isPageCapAnswer(answer.body, page)) {
    return { status: "page_cap", page };
  }
  if (answer.status !== "ok") {
    return answer;
  }
  const envelope = rawProductListSchema.safeParse(answer.json);
  if (!envelope.success) {
    return { status: "not_json", httpStatus: answer.httpStatus, message: `${boundText(path, QUOTED_TEXT_MAX)} has no products array` };
  }

  const { products, skipped } = normalizeProducts(envelope.data.products);

  return {
    status: "ok",
    page,
    products,
    rawCount: envelope.data.products.length,
    skipped,
    truncatedHandles: products.filter((p) => p.variants.length >= LISTING_VARIANT_LIMIT).map((p) => p.handle),
    cartCurrency: answer.cartCurrency,
  };
}

/** `{"errors":"Page * Limit exceeds the 25000 limit."}`; any 400 past the cap counts too. */
function isPageCapAnswer(body: string, page: number): boolean {
  return /25000|25,000|exceeds/i.test(body) || page > LISTING_MAX_PAGE;
}

export type SingleProduct = { status: "ok"; product: Product; cartCurrency: string | null };
/** The product is gone (404): removed between listing and fetch, or an unpublished handle. */
export type ProductMissing = { status: "missing"; handle: string };

/** `/products/<handle>.json`: the single shape, with the full variant list. */
export async function fetchProductByHandle(
  domain: string,
  handle: string,
  options: StoreFetchOptions = {},
): Promise<SingleProduct | ProductMissing | StoreFailure> {
  const answer = await fetchStore(domain, `/products/${encodeHandle(handle)}.json`, "json", options);
  if (answer.status === "http_error" && answer.httpStatus === 404) {
    return { status: "missing", handle };
  }
  if (answer.status !== "ok") {
    return answer;
  }
  const envelope = rawSingleProductSchema.safeParse(answer.json);
  const raw = envelope.success ? rawProductSchema.safeParse(envelope.data.product) : undefined;
  if (!raw?.success) {
    return {
      status: "not_json",
      httpStatus: answer.httpStatus,
      message: `/products/${boundText(handle, QUOTED_TEXT_MAX)}.json is not a product`,
    };
  }

  return { status: "ok", product: normalizeProduct(raw.data), cartCurrency: answer.cartCurrency };
}

/**
 * Replaces products whose listing variant list may be truncated with their full
 * single-product version. A product whose re-read fails keeps its listing version;
 * the failure is returned so the caller can mark the listing incomplete or stop.
 */
export async function completeTruncatedVariants(
  domain: string,
  products: readonly Product[],
  options: StoreFetchOptions = {},
): Promise<{ products: Product[]; requests: number; failure: StoreFailure | null }> {
  const out = [...products];
  let requests = 0;
  for (const [index, product] of out.entries()) {
    if (product.variants.length < LISTING_VARIANT_LIMIT) {
      continue;
    }
    requests += 1;
    const full = await fetchProductByHandle(domain, product.handle, options);
    if (full.status === "ok") {
      out[index] = full.product;
    } else if (isStoreFailure(full)) {
      return { products: out, requests, failure: full };
    }
  }

  return { products: out, requests, failure: null };
}

/** Handles come from sitemaps percent-encoded or not; send them encoded exactly once. */
function encodeHandle(handle: string): string {
  let decoded = handle;
  try {
    decoded = decodeURIComponent(handle);
  } catch {
    // Not valid percent-encoding: encode the text as it is.
  }

  return encodeURIComponent(decoded);
}
