// Shared types of the fake Shopify store. Store definitions, fault configs and advance options
// are plain JSON on purpose: the same objects travel over the control HTTP API (`/__fake/...`),
// so a fake store started by one process can be driven by another.

/** How a store's catalog is built. */
export type CatalogSource =
  /** The real izabeldepaula capture (22 products, EUR). `snapshot` picks one of the two captures. */
  | { source: "izabeldepaula"; snapshot?: "2026-06-16" | "2026-06-23" }
  /** The real Laneway collections (AUD) + its real frontpage product + generated Laneway-style products. */
  | { source: "laneway"; products?: number }
  /** Products generated lazily from the real shapes; cheap even for 50,000 products. */
  | { source: "generated"; products: number; hugeVariantsEvery?: number };

/**
 * Injected failures. Request numbers count storefront requests to this store since the faults
 * were (re)configured, starting at 1. The first matching rule wins: 429, then 430, then 5xx.
 */
export interface FaultConfig {
  /** Added before every response of this store (also the faulty ones). */
  latencyMs?: number;
  /** 429 Too Many Requests. `retryAfterSeconds: null` omits the header (Shopify sometimes does). */
  rateLimit?: FaultRule & { retryAfterSeconds?: number | null };
  /** 430 "Shopify Security Rejection". */
  securityRejection?: FaultRule;
  /** 423 Locked (a store or proxy refusing us for now). */
  locked?: FaultRule;
  /** Transient 5xx; `statuses` are served in turn (default [503]). */
  serverErrors?: FaultRule & { statuses?: Array<500 | 502 | 503> };
  /** Which requests may fail: every storefront request (default) or only `.json`/`.js` endpoints. */
  scope?: "all" | "json";
}

export interface FaultRule {
  /** Fail requests 1..firstN. */
  firstN?: number;
  /** Fail every k-th request (k, 2k, ...). */
  everyK?: number;
}

/** What a request to a registered Shopify store looks like from the store's side. */
export interface ShopifyStoreDefinition {
  kind: "shopify";
  /** Host name the store answers for, e.g. "demo.test" (port is ignored). */
  domain: string;
  /**
   * More hosts serving this very shop (same id and catalog), e.g. "www.demo.test" or
   * "demo.myshopify.com"; meta.json `domain` still names `domain`, the primary one.
   */
  aliases?: string[];
  /** Hosts that answer every request with a 301 to the same path on `domain`, as a shop's other domains do. */
  redirectFrom?: string[];
  /** meta.json `myshopify_domain` and `Shopify.shop`; default `<first label of domain>.myshopify.com`. */
  myshopifyDomain?: string;
  /** meta.json `id` and `x-shopid` when they should not be derived from `domain` (a host copying another shop's). */
  shopId?: number;
  catalog: CatalogSource;
  /** Seed for everything random (inventory levels, generated products, advance()). */
  seed?: number;
  name?: string;
  /** Base currency (meta.json `currency`, `cart_currency` cookie, `Shopify.currency`). */
  currency?: string;
  country?: string;
  /** When true variants carry inventory_quantity / inventory_management / old_inventory_quantity. */
  exposeInventory?: boolean;
  /** meta.json `published_products_count` when it should differ from the truth (Shopify's is cached and can lag). */
  publishedProductsCount?: number;
  /** Password-protected storefront ("opening soon"). */
  password?: boolean;
  /** JSON endpoints answer 403 (a Cloudflare rule in front of the store); HTML still works. */
  jsonBlocked?: boolean;
  /**
   * /products.json answers 200 with an HTML page under this Content-Type, as a proxy in front of
   * the store might; a hostile one sends a header of any length Node accepts (up to 16 KB).
   * Every other path answers as Shopify's.
   */
  listingContentType?: string;
  /** Raw HTML snippets injected into the storefront <head>, e.g. app script tags. */
  apps?: string[];
  /**
   * The home page served as-is instead of the generated one (a real captured storefront page, a
   * hostile page for the render step); every other path answers as before.
   */
  homePage?: string;
  theme?: ThemeInfo;
  /** Number of generated CMS pages (/pages.json). Default 4. */
  pages?: number;
  /** Store clock start (ISO); advance() moves it forward. Default 2026-09-30T09:00:00Z. */
  now?: string;
  faults?: FaultConfig;
  /**
   * /robots.txt: this text, or null for a 404 (no robots.txt). Default: Shopify's own
   * (disallows /admin, /cart, /checkout…, allows what the crawler reads), plus groups for AI
   * crawlers (GPTBot: the whole site disallowed; ClaudeBot: allowed; PerplexityBot: /cart, /checkout).
   */
  robotsTxt?: string | null;
  /** POST /api/mcp answers Shopify's Storefront MCP `tools/list` (GET: 405); false: 404, as a store without it. Default true. */
  storefrontMcp?: boolean;
  /** /.well-known/ucp serves a UCP business profile; false: 404. Default true. */
  ucpProfile?: boolean;
  /** /llms.txt serves a short text file naming the store; false: 404. Default true. */
  llmsTxt?: boolean;
  /** Generated products grown past anything Shopify allows (hostile stores). */
  oversized?: OversizedProducts;
}

/** What oversized products look like; each field left out keeps the generated value. */
export interface OversizedProducts {
  /** Every n-th generated product (n, 2n, ...); default 1, every one. */
  every?: number;
  /** Title grown to at least this many bytes of UTF-8. */
  titleBytes?: number;
  /** This many tags. */
  tags?: number;
  /** This many variants (listings still show the first 100, as Shopify's do). */
  variants?: number;
  /** This many images. */
  images?: number;
  /** Each image URL grown to at least this many bytes. */
  imageSrcBytes?: number;
}

/** A host that is not a Shopify store: 200 text/html for every path, never JSON. */
export interface NotShopifyDefinition {
  kind: "not_shopify";
  domain: string;
}

export type StoreDefinition = ShopifyStoreDefinition | NotShopifyDefinition;

export interface ThemeInfo {
  name: string;
  id: number;
  schema_name: string;
  schema_version: string;
  theme_store_id: number | null;
  role: "main";
}

/** Options of one step forward in time. Numbers mean "this many, chosen at random (seeded)". */
export interface AdvanceOptions {
  /** Seed of this step; default derives from the store seed and the step number. */
  seed?: number;
  /** Store clock moves forward by this much (default 60). Changed records get the new updated_at. */
  minutes?: number;
  /**
   * One day of selling: every variant sells at its own rate, sell-outs are restocked the same
   * day or later (see daily-sales.ts). Each change carries the true `unitsSold`.
   */
  dailySales?: boolean;
  sales?: number | Array<{ variantId: number; quantity: number }>;
  restocks?: number | Array<{ variantId: number; quantity: number }>;
  /** Prices as major-unit strings ("19.90"); compareAtPrice undefined = keep, null = remove. */
  priceChanges?: number | Array<{ variantId: number; price: string; compareAtPrice?: string | null }>;
  addProducts?: number;
  /** A count, or product ids. */
  removeProducts?: number | number[];
  /** Like removal for the storefront (gone from listings, sitemap and /products/<handle>), reported as unpublished. */
  unpublishProducts?: number[];
  addPages?: number;
  /** A count, or page ids. */
  removePages?: number | number[];
  addCollections?: number;
  /** A count, or collection ids. */
  removeCollections?: number | number[];
}

interface InventoryChangeBase {
  productId: number;
  handle: string;
  variantId: number;
  quantityBefore: number;
  quantityAfter: number;
  availableBefore: boolean;
  availableAfter: boolean;
  /** True units sold in this change: for a same-day sell-out and restock, hidden in the rise. */
  unitsSold: number;
}

/** One change made by advance(): exactly what a changelog built from the endpoints should find. */
export type FakeChange =
  | ({ kind: "sale" } & InventoryChangeBase)
  | ({ kind: "restock" } & InventoryChangeBase)
  | {
      kind: "price_change";
      productId: number;
      handle: string;
      variantId: number;
      priceBefore: string;
      priceAfter: string;
      compareAtPriceBefore: string | null;
      compareAtPriceAfter: string | null;
    }
  | { kind: "product_added"; productId: number; handle: string; variantIds: number[] }
  | { kind: "product_removed"; productId: number; handle: string; variantIds: number[] }
  | { kind: "product_unpublished"; productId: number; handle: string; variantIds: number[] }
  | { kind: "page_added"; pageId: number; handle: string }
  | { kind: "page_removed"; pageId: number; handle: string }
  | { kind: "collection_added"; collectionId: number; handle: string }
  | { kind: "collection_removed"; collectionId: number; handle: string };

export interface RequestLogEntry {
  /** 1-based number of the request to this store. */
  seq: number;
  method: string;
  /** Path with query string. */
  path: string;
  status: number;
  /** Date.now() when the response was sent. */
  at: number;
  /** performance.now() when the request reached the store (spacing of request starts). */
  receivedAt: number;
}

export interface StoreCounters {
  requests: number;
  byStatus: Record<number, number>;
  /** Faults injected (subset of byStatus). */
  rateLimited: number;
  securityRejected: number;
  locked: number;
  serverErrors: number;
}
