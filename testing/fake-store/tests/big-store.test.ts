// A 30,000-product store: past the 25,000 listing cap, per-collection listings and the product
// sitemap must each reach every product.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedStore, requestAs, SITEMAP_CHUNK, startFakeStore, type FakeStoreServer } from "../index";

const PRODUCTS = 30_000;
let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);

/** Every product id of a paginated listing (stops at the empty page). */
async function listAll(path: string): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await get("big.test", `${path}?limit=250&page=${page}`);
    expect(res.status, `${path} page ${page}`).toBe(200);
    const products = res.json<{ products: Array<{ id: number }> }>().products;
    if (products.length === 0) return { ids, pages: page - 1 };
    ids.push(...products.map((p) => p.id));
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(generatedStore("big.test", { products: PRODUCTS, seed: 2026 }));
});
afterAll(() => server.close());

describe("30,000-product generated store", () => {
  it("reports its size in meta.json and caps /products.json at page 100 (limit 250)", async () => {
    expect((await get("big.test", "/meta.json")).json<{ published_products_count: number }>().published_products_count).toBe(PRODUCTS);
    expect((await get("big.test", "/products.json?limit=250&page=100")).json<{ products: unknown[] }>().products).toHaveLength(250);
    expect((await get("big.test", "/products.json?limit=250&page=101")).status).toBe(400);
  });

  it("serves identical products on repeated requests (deterministic, lazily generated)", async () => {
    const a = await get("big.test", "/products.json?limit=250&page=37");
    const b = await get("big.test", "/products.json?limit=250&page=37");
    expect(a.body).toBe(b.body);
  });

  it("product sitemaps (<= 5,000 URLs each, from/to required) list every product", async () => {
    const index = await get("big.test", "/sitemap.xml");
    const children = locs(index.body);
    const productMaps = children.filter((loc) => loc.includes("/sitemap_products_"));
    expect(productMaps).toHaveLength(Math.ceil(PRODUCTS / SITEMAP_CHUNK));
    expect(children.some((loc) => /\/sitemap_pages_1\.xml\?from=\d+&to=\d+$/.test(loc))).toBe(true);
    expect(children.some((loc) => /\/sitemap_collections_1\.xml\?from=\d+&to=\d+$/.test(loc))).toBe(true);

    expect((await get("big.test", "/sitemap_products_1.xml")).status).toBe(400);
    expect((await get("big.test", "/sitemap_products_1.xml?from=1")).status).toBe(400);
    expect((await get("big.test", "/sitemap_pages_1.xml")).status).toBe(400);

    const handles = new Set<string>();
    for (const loc of productMaps) {
      const url = new URL(loc);
      expect(url.host).toBe("big.test");
      const res = await get("big.test", url.pathname + url.search);
      expect(res.status).toBe(200);
      const productLocs = locs(res.body).filter((l) => l.startsWith("https://big.test/products/"));
      expect(productLocs.length).toBeLessThanOrEqual(SITEMAP_CHUNK);
      for (const l of productLocs) handles.add(l.slice("https://big.test/products/".length));
    }
    expect(handles.size).toBe(PRODUCTS);
    // Sitemap handles resolve to real products.
    const sample = [...handles].filter((_, i) => i % 7_001 === 0);
    for (const handle of sample) expect((await get("big.test", `/products/${handle}.json`)).status).toBe(200);
  });

  it("per-collection listings together cover every product, each under the 25,000 cap", async () => {
    const { collections } = (await get("big.test", "/collections.json?limit=250")).json<{
      collections: Array<{ handle: string; products_count: number }>;
    }>();
    const all = collections.find((c) => c.handle === "all");
    expect(all?.products_count).toBe(PRODUCTS);
    const covered = new Set<number>();
    // Everything but "all" (which hits the same cap as /products.json).
    for (const c of collections.filter((c) => c.handle !== "all")) {
      expect(c.products_count, c.handle).toBeLessThanOrEqual(25_000);
      const { ids } = await listAll(`/collections/${c.handle}/products.json`);
      expect(ids.length, c.handle).toBe(c.products_count);
      for (const id of ids) covered.add(id);
    }
    expect(covered.size).toBe(PRODUCTS);
  }, 120_000);
});
