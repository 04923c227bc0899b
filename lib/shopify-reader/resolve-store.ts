import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { parseStoreMeta } from "./normalize";
import type { StoreFailure } from "./outcomes";
import type { StoreMeta } from "./schemas";

export type ResolvedStore = {
  status: "ok";
  /** The domain we were asked about. */
  domain: string;
  /** Host that actually served meta.json after redirects (e.g. shop.com → shop.se); fetch this one. */
  canonicalDomain: string;
  meta: StoreMeta;
  currency: {
    /** Shop base currency (meta.json). */
    base: string | null;
    /** Currency of the storefront answer we got (cart_currency cookie), null when not set. */
    cart: string | null;
  };
};

/**
 * Step `resolve-store`: reads /meta.json (Shopify's cheapest self-description),
 * following a domain redirect to the canonical host. A host that answers but has no
 * usable meta.json is `not_shopify`; the password page is `password`.
 */
export async function resolveStore(domain: string, options: StoreFetchOptions = {}): Promise<ResolvedStore | StoreFailure> {
  const answer = await fetchStore(domain, "/meta.json", "json", options);
  if (answer.status === "not_json" || (answer.status === "http_error" && answer.httpStatus === 404)) {
    return { status: "not_shopify", message: `${domain} has no Shopify meta.json (${answer.message})` };
  }
  if (answer.status !== "ok") {
    return answer;
  }

  const meta = parseStoreMeta(answer.json);
  if (!meta) {
    return { status: "not_shopify", message: `${domain}/meta.json is not a Shopify shop description` };
  }

  return {
    status: "ok",
    domain,
    canonicalDomain: new URL(answer.url).hostname,
    meta,
    currency: { base: meta.currency, cart: answer.cartCurrency },
  };
}
