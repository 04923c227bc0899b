// Public storefront routes of one registered host (after faults were decided by the server).
// Order of checks mirrors Shopify's edge: Cloudflare rule (403 on JSON), then the password
// gate, then the actual endpoints.

import type { BuiltStore } from "./build-store";
import type { FakeStore } from "./fake-store";
import type { ShopifyStoreDefinition } from "./types";
import { cloudflareBlockHtml, homeHtml, notFoundHtml, notShopifyHtml, passwordHtml, productHtml } from "./html";
import { html, json, redirect, type Reply } from "./reply";
import { ajaxProduct, collectionJson, listProduct, pageJson, singleProduct, type ShapeContext } from "./shapes";
import { childSitemap, sitemapIndex } from "./sitemap";
import { llmsTxt, notServed, storefrontMcp, ucpProfile } from "./agents";

/** The request as the storefront sees it: a GET unless said, and the body of a POST (read capped by the server). */
export type StorefrontRequest = { method: string; body: string };

export const DEFAULT_LIMIT = 30;
export const MAX_LIMIT = 250;
export const PAGE_LIMIT_CAP = 25_000;
export const PAGE_CAP_ERROR = '{"errors":"Page * Limit exceeds the 25000 limit."}';
/** What a proxy in front of a store serves for its listing (`listingContentType`). */
const LISTING_REWRITTEN_HTML = "<!DOCTYPE html><html><head><title>Products</title></head><body><h1>Products</h1></body></html>";

/** Endpoints a scraper reads as data; faults with scope "json", blocks and the password gate treat them alike. */
export function isDataEndpoint(pathname: string): boolean {
  return pathname.endsWith(".json") || pathname.endsWith(".js");
}

export function serveStorefront(store: FakeStore, url: URL, request: StorefrontRequest = { method: "GET", body: "" }): Reply {
  const def = store.definition;
  const shop = store.shop;
  if (def.kind !== "shopify" || !shop) return html(notShopifyHtml(store.domain, url.pathname + url.search));
  const reply = route(store, shop, url, request);
  const cookies = [`cart_currency=${shop.settings.currency}; path=/`, `localization=${shop.settings.country}; path=/`];
  reply.headers = {
    ...reply.headers,
    "x-shopid": String(store.shopId),
    "powered-by": "Shopify",
    "x-shopify-stage": "production",
    "set-cookie": cookies,
  };
  return reply;
}

function route(store: FakeStore, shop: BuiltStore, url: URL, request: StorefrontRequest): Reply {
  const def = store.definition;
  const path = url.pathname;
  const data = isDataEndpoint(path);
  if (def.kind === "shopify" && def.jsonBlocked && data) {
    return {
      ...html(cloudflareBlockHtml(store.domain), 403),
      headers: { "content-type": "text/html; charset=UTF-8", server: "cloudflare" },
    };
  }
  if (def.kind === "shopify" && def.password) {
    if (path === "/password") return html(passwordHtml(store));
    // JSON endpoints do not redirect: they answer the password page itself, 200 text/html.
    return data ? html(passwordHtml(store)) : redirect("/password");
  }

  const ctx: ShapeContext = { exposeInventory: def.kind === "shopify" && def.exposeInventory === true, currency: shop.settings.currency };
  const catalog = shop.catalog;

  if ((path === "/" || path === "") && def.kind === "shopify" && def.homePage !== undefined) return html(def.homePage);
  if (path === "/" || path === "")
    return html(
      homeHtml(
        store,
        catalog.newestFirst(0, 8).map((s) => catalog.product(s)),
      ),
    );
  if (path === "/password") return redirect("/");
  if (path === "/products.json") {
    if (def.kind === "shopify" && def.listingContentType !== undefined) {
      return { status: 200, headers: { "content-type": def.listingContentType }, body: LISTING_REWRITTEN_HTML };
    }
    return paginate(url, (offset, limit) => ({
      products: catalog.newestFirst(offset, limit).map((s) => listProduct(catalog.product(s), ctx)),
    }));
  }
  if (path === "/collections.json") {
    const members = catalog.members(shop.collections);
    return paginate(url, (offset, limit) => ({
      collections: shop.collections.slice(offset, offset + limit).map((c) => collectionJson(c, members.get(c.id)?.length ?? 0)),
    }));
  }
  if (path === "/pages.json") {
    return paginate(url, (offset, limit) => ({ pages: shop.pages.slice(offset, offset + limit).map((p) => pageJson(p, store.shopId)) }));
  }
  if (path === "/meta.json") return json(metaJson(store, shop, def.kind === "shopify" ? def.publishedProductsCount : undefined));
  if (path === "/sitemap.xml") return sitemapIndex(shop, store.domain);
  if (path === "/robots.txt") {
    const text = def.kind === "shopify" && def.robotsTxt !== undefined ? def.robotsTxt : robotsTxt(store.domain);
    if (text === null) return { status: 404, headers: { "content-type": "text/html; charset=utf-8" }, body: "<h1>Not found</h1>" };

    return { status: 200, headers: { "content-type": "text/plain; charset=utf-8" }, body: text };
  }

  const served: Pick<ShopifyStoreDefinition, "storefrontMcp" | "ucpProfile" | "llmsTxt"> = def.kind === "shopify" ? def : {};
  if (path === "/api/mcp")
    return served.storefrontMcp === false ? json({ errors: "Not Found" }, 404) : storefrontMcp(request.method, request.body);
  if (path === "/.well-known/ucp") return served.ucpProfile === false ? notServed(store) : ucpProfile(store);
  if (path === "/llms.txt") return served.llmsTxt === false ? notServed(store) : llmsTxt(store, shop.settings.name);

  const collectionProducts = /^\/collections\/([^/]+)\/products\.json$/.exec(path);
  if (collectionProducts) {
    const handle = decodeURIComponent(collectionProducts[1] ?? "");
    const collection = shop.collections.find((c) => c.handle === handle);
    // Unknown and empty collections both answer an empty list, never 404.
    const slots = collection ? (catalog.members(shop.collections).get(collection.id) ?? []) : [];
    return paginate(url, (offset, limit) => ({
      products: catalog.newestFirst(offset, limit, slots).map((s) => listProduct(catalog.product(s), ctx)),
    }));
  }

  const productPath = /^\/products\/([^/]+?)(\.json|\.js)?$/.exec(path);
  if (productPath) {
    const slot = catalog.slotOfHandle(decodeURIComponent(productPath[1] ?? ""));
    const format = productPath[2];
    if (slot === null) return format ? json({ errors: "Not Found" }, 404) : html(notFoundHtml(store), 404);
    const product = catalog.product(slot);
    if (format === ".json") return json({ product: singleProduct(product, ctx) });
    if (format === ".js") return json(ajaxProduct(product, ctx));
    return html(productHtml(store, product));
  }

  // Theme assets the home page links, and the app file its script adds (html.ts, SCRIPT_INJECTED_APP).
  if (path.startsWith("/cdn/shop/t/1/assets/") || path.startsWith("/apps/")) return themeAsset(path);

  const sitemap = childSitemap(shop, store.domain, path, url.searchParams);
  if (sitemap) return sitemap;
  return data ? json({ errors: "Not Found" }, 404) : html(notFoundHtml(store), 404);
}

function themeAsset(path: string): Reply {
  if (path.endsWith(".css"))
    return { status: 200, headers: { "content-type": "text/css" }, body: "body{font-family:sans-serif;margin:0 2rem}" };
  if (path.endsWith(".js")) {
    return {
      status: 200,
      headers: { "content-type": "text/javascript" },
      body: `document.documentElement.dataset.app = ${JSON.stringify(path)};`,
    };
  }

  return { status: 404, headers: { "content-type": "text/plain" }, body: "Not found" };
}

/** Shopify's storefront pagination: only limit (clamped 1..250, default 30) and 1-based page. */
export function paginate(url: URL, render: (offset: number, limit: number) => unknown): Reply {
  const rawLimit = Number.parseInt(url.searchParams.get("limit") ?? "", 10);
  const rawPage = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  const limit = Number.isNaN(rawLimit) ? DEFAULT_LIMIT : Math.min(MAX_LIMIT, Math.max(1, rawLimit));
  const page = Number.isNaN(rawPage) ? 1 : Math.max(1, rawPage);
  if (page * limit > PAGE_LIMIT_CAP)
    return { status: 400, headers: { "content-type": "application/json; charset=utf-8" }, body: PAGE_CAP_ERROR };
  return json(render((page - 1) * limit, limit));
}

const MONEY_FORMATS: Record<string, string> = {
  EUR: "€{{amount_with_comma_separator}}",
  USD: "${{amount}}",
  AUD: "${{amount}}",
  GBP: "£{{amount}}",
  JPY: "¥{{amount_no_decimals}}",
};

function metaJson(store: FakeStore, shop: BuiltStore, publishedProductsCount?: number) {
  const { settings } = shop;
  return {
    id: store.shopId,
    name: settings.name,
    city: settings.country === "AU" ? "Melbourne" : "Lisboa",
    province: settings.country === "AU" ? "Victoria" : "Lisboa",
    country: settings.country,
    currency: settings.currency,
    domain: store.domain,
    url: `https://${store.domain}`,
    myshopify_domain: store.myshopifyDomain,
    description: `${settings.name} online store`,
    ships_to_countries: [settings.country, "ES", "FR", "DE"].filter((c, i, all) => all.indexOf(c) === i),
    money_format: MONEY_FORMATS[settings.currency] ?? `{{amount}} ${settings.currency}`,
    published_collections_count: shop.collections.length,
    published_products_count: publishedProductsCount ?? shop.catalog.size,
    shopify_pay_enabled_card_brands: ["visa", "master", "american_express", "maestro"],
    offers_shop_pay_installments: false,
  };
}

/** Shopify's rules for `*`, and groups for AI crawlers as a store owner adds them: one shut out, one let in, one kept from the cart. */
function robotsTxt(host: string): string {
  return [
    "# we use Shopify as our ecommerce platform",
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /*?*oseid=*",
    "",
    "User-agent: GPTBot",
    "Disallow: /",
    "",
    "User-agent: ClaudeBot",
    "Allow: /",
    "",
    "User-agent: PerplexityBot",
    "Disallow: /cart",
    "Disallow: /checkout",
    "",
    `Sitemap: https://${host}/sitemap.xml`,
    "",
  ].join("\n");
}
