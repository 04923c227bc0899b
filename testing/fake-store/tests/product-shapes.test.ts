import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fixtureStore,
  generatedStore,
  inventoryStore,
  LISTING_VARIANT_LIMIT,
  requestAs,
  startFakeStore,
  type FakeStoreServer,
} from "../index";

type Json = Record<string, unknown>;
type Product = Json & { id: number; handle: string; variants: Json[] };

let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);
const listing = async (host: string, path = "/products.json?limit=250") => (await get(host, path)).json<{ products: Product[] }>().products;

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(fixtureStore("demo.test"));
  server.addStore(inventoryStore("stock.test"));
  // Every 2nd product has 120 variants.
  server.addStore(generatedStore("huge.test", { products: 6, seed: 3, hugeVariantsEvery: 2, currency: "JPY", country: "JP" }));
});
afterAll(() => server.close());

describe("/products/<handle>.json (single shape)", () => {
  it("wraps one product with tags as a comma string, no `available`, and the extra fields", async () => {
    const res = await get("demo.test", "/products/e-book-barriga-fit.json");
    expect(res.status).toBe(200);
    const { product } = res.json<{ product: Product }>();
    expect(product.handle).toBe("e-book-barriga-fit");
    expect(typeof product.tags).toBe("string");
    expect(product).toMatchObject({ published_scope: "global" });
    expect(product).toHaveProperty("template_suffix");
    expect(product.image).toEqual((product.images as Json[])[0] ?? null);
    const variant = product.variants[0] as Json;
    expect(variant).not.toHaveProperty("available");
    expect(variant).toMatchObject({
      price: "9.99",
      compare_at_price: "39.90",
      price_currency: "EUR",
      inventory_management: "shopify",
      quantity_rule: { min: 1, max: null, increment: 1 },
      quantity_price_breaks: [],
      weight_unit: "kg",
    });
    expect(variant).toHaveProperty("barcode");
    expect(variant).not.toHaveProperty("inventory_quantity");
  });

  it("404s an unknown handle", async () => {
    expect((await get("demo.test", "/products/no-such-thing.json")).status).toBe(404);
    expect((await get("demo.test", "/products/no-such-thing.js")).status).toBe(404);
    expect((await get("huge.test", "/products/made-up-title-3.json")).status).toBe(404);
  });
});

describe("/products/<handle>.js (Ajax shape)", () => {
  it("has integer prices x100", async () => {
    const product = (await get("demo.test", "/products/kit-seca-barriga.js")).json<Product>();
    expect(product.price).toBe(6100);
    expect(product.variants[0]).toMatchObject({ price: 6100, available: true });
    expect(product.variants[0]).not.toHaveProperty("inventory_quantity");
    expect(product.url).toBe("/products/kit-seca-barriga");
    expect(typeof (product.images as unknown[])[0]).toBe("string");
  });

  it("multiplies by 100 for zero-decimal currencies too", async () => {
    const [first] = await listing("huge.test");
    const ajax = (await get("huge.test", `/products/${first?.handle}.js`)).json<Product>();
    expect(ajax.variants[0]?.price).toBe(Math.round(Number(first?.variants[0]?.price) * 100));
  });
});

describe("variant truncation", () => {
  it("cuts listings to 100 variants while per-product endpoints return all of them", async () => {
    const products = await listing("huge.test");
    const huge = products.filter((p) => (p.options as Json[]).length === 2 && p.variants.length === LISTING_VARIANT_LIMIT);
    expect(huge.length).toBeGreaterThan(0);
    const handle = huge[0]?.handle;
    const single = (await get("huge.test", `/products/${handle}.json`)).json<{ product: Product }>().product;
    expect(single.variants).toHaveLength(120);
    expect((await get("huge.test", `/products/${handle}.js`)).json<Product>().variants).toHaveLength(120);
    // The collection listing truncates as well.
    const inCollection = (await listing("huge.test", "/collections/all/products.json?limit=250")).find((p) => p.handle === handle);
    expect(inCollection?.variants).toHaveLength(100);
  });
});

describe("inventory exposure", () => {
  it("adds inventory_quantity, inventory_management and old_inventory_quantity only when enabled", async () => {
    for (const product of await listing("stock.test")) {
      for (const variant of product.variants) {
        expect(variant.inventory_management).toBe("shopify");
        expect(variant.inventory_quantity).toBe(variant.old_inventory_quantity);
        // Consistent with availability (the capture's unavailable variants have 0).
        expect((variant.inventory_quantity as number) > 0).toBe(variant.available);
      }
    }
    const js = (await get("stock.test", "/products/kit-seca-barriga.js")).json<Product>();
    expect(typeof js.variants[0]?.inventory_quantity).toBe("number");
    for (const product of await listing("demo.test")) {
      for (const variant of product.variants) {
        expect(variant).not.toHaveProperty("inventory_quantity");
        expect(variant).not.toHaveProperty("inventory_management");
        expect(variant).not.toHaveProperty("old_inventory_quantity");
      }
    }
  });
});

describe("collections, pages, meta", () => {
  it("collection listings use the product list shape; unknown and empty handles give []", async () => {
    const all = await listing("demo.test", "/collections/all/products.json?limit=250");
    expect(all.map((p) => p.id)).toEqual((await listing("demo.test")).map((p) => p.id));
    for (const handle of ["does-not-exist", "coming-soon"]) {
      const res = await get("demo.test", `/collections/${handle}/products.json`);
      expect(res.status).toBe(200);
      expect(res.body).toBe('{"products":[]}');
    }
  });

  it("/collections.json counts match the listings and /meta.json matches the store", async () => {
    const { collections } = (await get("demo.test", "/collections.json?limit=250")).json<{
      collections: Array<Json & { handle: string; products_count: number }>;
    }>();
    expect(Object.keys(collections[0] ?? {})).toEqual([
      "id",
      "title",
      "handle",
      "description",
      "published_at",
      "updated_at",
      "image",
      "products_count",
    ]);
    for (const c of collections) {
      expect((await listing("demo.test", `/collections/${c.handle}/products.json?limit=250`)).length, c.handle).toBe(c.products_count);
    }
    const meta = (await get("demo.test", "/meta.json")).json<Json>();
    expect(meta).toMatchObject({
      currency: "EUR",
      country: "PT",
      domain: "demo.test",
      published_products_count: 22,
      published_collections_count: collections.length,
    });
    for (const key of [
      "id",
      "name",
      "city",
      "province",
      "myshopify_domain",
      "description",
      "ships_to_countries",
      "money_format",
      "shopify_pay_enabled_card_brands",
      "offers_shop_pay_installments",
      "url",
    ]) {
      expect(meta).toHaveProperty(key);
    }
  });

  it("/pages.json has the page shape", async () => {
    const { pages } = (await get("demo.test", "/pages.json")).json<{ pages: Json[] }>();
    expect(pages).toHaveLength(4);
    expect(Object.keys(pages[0] ?? {})).toEqual([
      "id",
      "title",
      "handle",
      "body_html",
      "author",
      "created_at",
      "updated_at",
      "published_at",
      "shop_id",
      "template_suffix",
    ]);
  });

  it("the Laneway store serves the real collections (AUD) and the real frontpage product", async () => {
    const { lanewayStore } = await import("../index");
    server.addStore(lanewayStore("laneway.test"));
    const { collections } = (await get("laneway.test", "/collections.json")).json<{
      collections: Array<{ handle: string; products_count: number }>;
    }>();
    expect(collections.map((c) => c.handle)).toContain("southbank-coffee-co");
    expect(collections).toHaveLength(11);
    const frontpage = await listing("laneway.test", "/collections/frontpage/products.json");
    expect(frontpage.map((p) => p.handle)).toEqual(["laneway-rmit-essential-tee"]);
    expect(frontpage[0]?.variants).toHaveLength(15);
    expect((await get("laneway.test", "/meta.json")).json<Json>()).toMatchObject({ currency: "AUD", published_products_count: 29 });
    expect((await get("laneway.test", "/products.json")).headers["set-cookie"]).toContain("cart_currency=AUD; path=/");
  });
});
