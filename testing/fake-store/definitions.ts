// Ready-made store definitions. Each returns a plain StoreDefinition (JSON-serializable), so the
// same value can be passed to server.addStore() or POSTed to /__fake/stores.

import type { FaultConfig, NotShopifyDefinition, ShopifyStoreDefinition } from "./types";

type Overrides = Partial<Omit<ShopifyStoreDefinition, "kind" | "domain" | "catalog">>;

/** Typical app snippets, as they appear in real storefront HTML. */
export const SAMPLE_APPS = {
  klaviyo: `<script src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=XyZ123" async></script>`,
  judgeMe: `<script src="https://cdn.judge.me/widget_preloader.js" defer></script>`,
  metaPixel: `<script>!function(f,b,e,v,n,t,s){}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','1234567890');</script>`,
} as const;

/** The real izabeldepaula catalog (22 products, 1 variant each, EUR, PT). */
export function fixtureStore(
  domain: string,
  overrides: Overrides & { snapshot?: "2026-06-16" | "2026-06-23" } = {},
): ShopifyStoreDefinition {
  const { snapshot, ...rest } = overrides;
  return {
    kind: "shopify",
    domain,
    catalog: { source: "izabeldepaula", ...(snapshot ? { snapshot } : {}) },
    apps: [SAMPLE_APPS.klaviyo, SAMPLE_APPS.judgeMe],
    ...rest,
  };
}

/** The real Laneway collections (AUD) with its real frontpage product plus generated Laneway-style products. */
export function lanewayStore(domain: string, overrides: Overrides & { products?: number } = {}): ShopifyStoreDefinition {
  const { products, ...rest } = overrides;
  return { kind: "shopify", domain, catalog: { source: "laneway", ...(products !== undefined ? { products } : {}) }, ...rest };
}

/**
 * A store of `products` generated products (lazy; 50k is cheap). Every `hugeVariantsEvery`-th
 * product (default 2500) has 120 variants, more than listings show.
 */
export function generatedStore(
  domain: string,
  options: Overrides & { products: number; seed?: number; hugeVariantsEvery?: number },
): ShopifyStoreDefinition {
  const { products, hugeVariantsEvery, ...rest } = options;
  return {
    kind: "shopify",
    domain,
    catalog: { source: "generated", products, ...(hugeVariantsEvery !== undefined ? { hugeVariantsEvery } : {}) },
    ...rest,
  };
}

/** A password-protected ("opening soon") store with the fixture catalog behind the gate. */
export function passwordStore(domain: string, overrides: Overrides = {}): ShopifyStoreDefinition {
  return fixtureStore(domain, { ...overrides, password: true });
}

/** A fixture store that fails as configured (429 / 430 / 5xx / latency). */
export function flakyStore(domain: string, faults: FaultConfig, overrides: Overrides = {}): ShopifyStoreDefinition {
  return fixtureStore(domain, { ...overrides, faults });
}

/** A fixture store whose variants expose inventory_quantity (stores created before 2017-12-05). */
export function inventoryStore(domain: string, overrides: Overrides = {}): ShopifyStoreDefinition {
  return fixtureStore(domain, { ...overrides, exposeInventory: true });
}

/** A fixture store behind a Cloudflare rule: JSON endpoints answer 403, HTML works. */
export function blockedStore(domain: string, overrides: Overrides = {}): ShopifyStoreDefinition {
  return fixtureStore(domain, { ...overrides, jsonBlocked: true });
}

/** A host explicitly registered as "not Shopify" (unregistered hosts behave the same way). */
export function notShopifySite(domain: string): NotShopifyDefinition {
  return { kind: "not_shopify", domain };
}
