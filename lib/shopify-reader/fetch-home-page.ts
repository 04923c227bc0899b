import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import type { StoreFailure } from "./outcomes";

export type StorefrontHtml = {
  status: "ok";
  html: string;
  /** Final URL after redirects. */
  url: string;
  headers: Record<string, string>;
  cartCurrency: string | null;
};

/** Home pages are far smaller; a cap keeps a hostile page from filling memory. */
const STOREFRONT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The home page HTML for theme and app detection (parsed in lib/storefront-html and
 * lib/apps). Headers are kept: `x-shopid`, `powered-by` and friends are evidence too.
 */
export async function fetchStorefrontHtml(domain: string, options: StoreFetchOptions = {}): Promise<StorefrontHtml | StoreFailure> {
  const answer = await fetchStore(domain, "/", "html", { maxBytes: STOREFRONT_MAX_BYTES, ...options });
  if (answer.status !== "ok") {
    return answer;
  }

  return { status: "ok", html: answer.body, url: answer.url, headers: answer.headers, cartCurrency: answer.cartCurrency };
}
