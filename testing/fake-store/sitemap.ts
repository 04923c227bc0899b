// Sitemaps as Shopify serves them: an index at /sitemap.xml pointing at child sitemaps that carry
// ?from=<firstId>&to=<lastId>; a child without both params is a 400. Product children hold at
// most 5,000 URLs and, like Shopify's, start with the home page URL.

import type { BuiltStore } from "./build-store";
import { html, type Reply } from "./reply";

export const SITEMAP_CHUNK = 5_000;

const XML_TYPE = "application/xml; charset=utf-8";
const xml = (body: string): Reply => ({ status: 200, headers: { "content-type": XML_TYPE }, body });

interface Entry {
  id: number;
  loc: string;
  lastmod: string;
}

/** Live products with from <= id <= to (at most one chunk); binary search keeps big stores fast. */
function productEntries(shop: BuiltStore, host: string, from: number, to: number): Entry[] {
  const live = shop.catalog.liveSlots();
  const idAt = (i: number) => shop.catalog.meta(live[i] as number).id;
  let lo = 0;
  let hi = live.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (idAt(mid) < from) lo = mid + 1;
    else hi = mid;
  }
  const entries: Entry[] = [];
  for (let i = lo; i < live.length && entries.length < SITEMAP_CHUNK; i++) {
    const meta = shop.catalog.meta(live[i] as number);
    if (meta.id > to) break;
    entries.push({ id: meta.id, loc: `https://${host}/products/${meta.handle}`, lastmod: meta.updated_at });
  }
  return entries;
}

/** Product ids of the live catalog grouped into child sitemaps (ids ascending). */
function productChunkBounds(shop: BuiltStore): Array<{ from: number; to: number }> {
  const live = shop.catalog.liveSlots();
  const bounds: Array<{ from: number; to: number }> = [];
  for (let i = 0; i < live.length; i += SITEMAP_CHUNK) {
    const first = live[i] as number;
    const last = live[Math.min(i + SITEMAP_CHUNK, live.length) - 1] as number;
    bounds.push({ from: shop.catalog.meta(first).id, to: shop.catalog.meta(last).id });
  }
  return bounds;
}

export function sitemapIndex(shop: BuiltStore, host: string): Reply {
  const locs: string[] = [];
  productChunkBounds(shop).forEach(({ from, to }, i) => locs.push(`https://${host}/sitemap_products_${i + 1}.xml?from=${from}&to=${to}`));
  const pageIds = shop.pages.map((p) => p.id).sort((a, b) => a - b);
  if (pageIds.length) locs.push(`https://${host}/sitemap_pages_1.xml?from=${pageIds[0]}&to=${pageIds.at(-1)}`);
  const collectionIds = shop.collections.map((c) => c.id).sort((a, b) => a - b);
  if (collectionIds.length) {
    locs.push(`https://${host}/sitemap_collections_1.xml?from=${collectionIds[0]}&to=${collectionIds.at(-1)}`);
  }
  locs.push(`https://${host}/sitemap_blogs_1.xml`);
  const body = locs.map((loc) => `<sitemap><loc>${loc.replace(/&/g, "&amp;")}</loc></sitemap>`).join("\n");
  return xml(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>`,
  );
}

function urlset(entries: Entry[], head: string[] = []): Reply {
  const urls = [
    ...head.map((loc) => `<url><loc>${loc}</loc><changefreq>daily</changefreq></url>`),
    ...entries.map((e) => `<url><loc>${e.loc}</loc><lastmod>${e.lastmod}</lastmod><changefreq>daily</changefreq></url>`),
  ];
  return xml(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>`,
  );
}

/** /sitemap_<kind>_<n>.xml; null when the path is not a child sitemap. */
export function childSitemap(shop: BuiltStore, host: string, pathname: string, params: URLSearchParams): Reply | null {
  const match = /^\/sitemap_(products|pages|collections|blogs)_(\d+)\.xml$/.exec(pathname);
  if (!match) return null;
  const kind = match[1];
  if (kind === "blogs") return urlset([]);
  const from = Number(params.get("from"));
  const to = Number(params.get("to"));
  if (!params.get("from") || !params.get("to") || !Number.isFinite(from) || !Number.isFinite(to)) {
    return html("<html><body><h1>400 Bad Request</h1></body></html>", 400);
  }
  const inRange = (e: Entry) => e.id >= from && e.id <= to;
  if (kind === "products") {
    return urlset(productEntries(shop, host, from, to), [`https://${host}/`]);
  }
  if (kind === "pages") {
    return urlset(shop.pages.map((p) => ({ id: p.id, loc: `https://${host}/pages/${p.handle}`, lastmod: p.updated_at })).filter(inRange));
  }
  return urlset(
    shop.collections.map((c) => ({ id: c.id, loc: `https://${host}/collections/${c.handle}`, lastmod: c.updated_at })).filter(inRange),
  );
}
