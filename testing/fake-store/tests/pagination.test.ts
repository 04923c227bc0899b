import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureStore, generatedStore, PAGE_CAP_ERROR, requestAs, startFakeStore, type FakeStoreServer } from "../index";

interface Listing {
  products: Array<Record<string, unknown> & { id: number; variants: Array<Record<string, unknown>> }>;
}

let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);
const ids = async (host: string, path: string) => (await get(host, path)).json<Listing>().products.map((p) => p.id);

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(fixtureStore("demo.test"));
  server.addStore(generatedStore("mid.test", { products: 1_234, seed: 7 }));
});
afterAll(() => server.close());

describe("/products.json pagination", () => {
  it("defaults to 30 per page and clamps limit to 250 silently", async () => {
    expect(await ids("mid.test", "/products.json")).toHaveLength(30);
    expect(await ids("mid.test", "/products.json?limit=1000")).toHaveLength(250);
    expect(await ids("mid.test", "/products.json?limit=7")).toHaveLength(7);
  });

  it("serves non-overlapping pages covering every product, then an empty page", async () => {
    const seen = new Set<number>();
    let page = 1;
    for (;;) {
      const pageIds = await ids("mid.test", `/products.json?limit=250&page=${page}`);
      if (pageIds.length === 0) break;
      for (const id of pageIds) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      page++;
    }
    expect(seen.size).toBe(1_234);
    expect(page).toBe(6); // 5 pages of data, the 6th is empty
    const empty = await get("mid.test", "/products.json?limit=250&page=6");
    expect(empty.status).toBe(200);
    expect(empty.body).toBe('{"products":[]}');
  });

  it("answers 400 with Shopify's exact body when page * limit exceeds 25,000", async () => {
    const tooFar = await get("mid.test", "/products.json?limit=250&page=101");
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toBe('{"errors":"Page * Limit exceeds the 25000 limit."}');
    expect(tooFar.body).toBe(PAGE_CAP_ERROR);
    // The cap applies to the clamped limit: 1000 -> 250, and 250 * 100 = 25,000 is still allowed.
    expect((await get("mid.test", "/products.json?limit=1000&page=100")).status).toBe(200);
    expect((await get("mid.test", "/products.json?page=834")).status).toBe(400); // 30 * 834 = 25,020
    expect((await get("mid.test", "/collections/all/products.json?limit=250&page=101")).status).toBe(400);
  });

  it("serves the real fixture catalog in the list shape with major-unit price strings", async () => {
    const res = await get("demo.test", "/products.json?limit=250");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["set-cookie"]).toContain("cart_currency=EUR; path=/");
    const { products } = res.json<Listing>();
    expect(products).toHaveLength(22);
    for (const product of products) {
      expect(Object.keys(product)).toEqual([
        "id",
        "title",
        "handle",
        "body_html",
        "published_at",
        "created_at",
        "updated_at",
        "vendor",
        "product_type",
        "tags",
        "variants",
        "images",
        "options",
      ]);
      expect(Array.isArray(product.tags)).toBe(true);
      for (const variant of product.variants) {
        expect(typeof variant.available).toBe("boolean");
        expect(variant.price).toMatch(/^\d+\.\d{2}$/);
        expect(variant).not.toHaveProperty("inventory_quantity");
      }
    }
    // The 2026-06-23 capture as served: same order, same prices and availability.
    const ebook = products.find((p) => p.handle === "e-book-barriga-fit");
    expect(ebook?.variants[0]).toMatchObject({ price: "9.99", compare_at_price: "39.90", available: true });
    expect(products[0]?.handle).toBe("kit-seca-barriga");
  });

  it("normalizes the spliced single-shape product of the 2026-06-16 capture into the list shape", async () => {
    server.addStore(fixtureStore("week1.test", { snapshot: "2026-06-16" }));
    const { products } = (await get("week1.test", "/products.json?limit=250")).json<Listing>();
    const kit = products.find((p) => p.handle === "kit-seca-barriga");
    expect(kit?.tags).toEqual(expect.arrayContaining(["detox", "kit", "stop-gordura"]));
    expect(kit).not.toHaveProperty("published_scope");
    expect(kit?.variants[0]).toMatchObject({ available: true, price: "61.00" });
    expect(kit?.variants[0]).not.toHaveProperty("quantity_rule");
    expect(products.find((p) => p.handle === "e-book-barriga-fit")?.variants[0]?.price).toBe("17.90");
  });
});
