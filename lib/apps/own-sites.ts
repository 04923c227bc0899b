import type { PageSignals } from "@/lib/storefront-html/page-signals";
import { splitUrl } from "@/lib/technologies/host-index";
import { siteOfUrl, type UrlSite } from "@/lib/technologies/sites";

/** Shopify's own sites: what they serve is the platform's (its CDN, its own apps, Shop Pay), never a third party's. */
const SHOPIFY_SITES: ReadonlySet<string> = new Set([
  "shopify.com",
  "shopifycdn.com",
  "shopifycdn.net",
  "shopifycloud.com",
  "shopifysvc.com",
  "shopifyapps.com",
  "shopifyinbox.com",
  "shop.app",
]);

/**
 * Paths only Shopify serves on a store's own domain: its CDN (`/cdn/shop/…`, `/cdn/shopifycloud/…`),
 * web pixels (`/cdn/wpm/…`) and checkout preloads. A host loading them is the store's.
 */
const STORE_ASSET_PATHS = ["/cdn/shop/", "/cdn/shopifycloud/", "/cdn/wpm/", "/checkouts/internal/"];
/** Storefront paths a store links to on its own domain (its cart, account, catalog). */
const STORE_LINK_PATHS = ["/cart", "/account", "/collections/", "/products/"];
/** Whether `path` starts with `prefix` as whole segments (`/cart`, `/cart/add`, not `/cartoon`). */
function startsPath(path: string, prefix: string): boolean {
  if (!path.startsWith(prefix)) return false;
  const next = path[prefix.length];

  return prefix.endsWith("/") || next === undefined || next === "/" || next === "?" || next === "#";
}

/** URLs of the page read for the store's own hosts. */
const MAX_OWN_URLS = 2_000;

/**
 * The sites that are the store's own: its host as fetched, its canonical URL's, and any host the
 * page loads Shopify's store assets from, links its cart, account or catalog on, or serves a
 * ScriptTag through an app proxy from (`scriptTags`: the store's domain, however the fetch or a
 * saved copy named it: `www.` or not, a renamed primary domain). A script or an `/apps/` path
 * there is the theme's or an app proxy's, never a vendor's host.
 */
/** The path prefixes Shopify serves app proxies under. */
const PROXY_PREFIXES = ["/apps/", "/a/", "/tools/", "/community/"];

export function ownSites(page: PageSignals, storeHost: string | null, scriptTags: readonly string[] = []): Set<string> {
  const sites = new Set<string>();
  const add = (url: string, paths: readonly string[] | null) => {
    if (paths) {
      const path = splitUrl(url)?.path;
      if (!path || !paths.some((prefix) => startsPath(path, prefix))) return;
    }
    const site = siteOfUrl(url)?.site;
    if (site && !SHOPIFY_SITES.has(site)) sites.add(site);
  };
  if (storeHost) add(`https://${storeHost}/`, null);
  for (const link of page.links) if (link.rel.includes("canonical")) add(link.href, null);
  const assets = [...page.scripts.map((script) => script.src), ...page.links.map((link) => link.href)];
  for (const url of assets.slice(0, MAX_OWN_URLS)) add(url, STORE_ASSET_PATHS);
  for (const url of page.anchors.slice(0, MAX_OWN_URLS)) add(url, STORE_LINK_PATHS);
  // A ScriptTag served from `/apps/<subpath>/…` (or Shopify's other proxy prefixes, `/a/`, `/tools/`,
  // `/community/`) goes through an app proxy, which only the store's own domain serves (a vendor's
  // bucket or CDN path may be named so too: shared hosts are not).
  for (const url of scriptTags.slice(0, MAX_OWN_URLS)) {
    const site = siteOfUrl(url);
    const path = splitUrl(url)?.path ?? "";
    if (site && !site.shared && PROXY_PREFIXES.some((prefix) => startsPath(path, prefix))) add(url, null);
  }

  return sites;
}

/** The vendor site of a URL when it is a third party's: null for Shopify's hosts, any store's (`*.myshopify.com`) and `own` sites. */
export function thirdPartySite(url: string, own: ReadonlySet<string>): UrlSite | null {
  const site = siteOfUrl(url);
  if (!site || SHOPIFY_SITES.has(site.site) || own.has(site.site) || site.site.endsWith(".myshopify.com")) return null;

  return site;
}
