// advance() must change what the endpoints serve, and report exactly those changes. The test
// derives its own changelog from two endpoint snapshots and compares it with the returned list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedStore, inventoryStore, requestAs, startFakeStore, type FakeChange, type FakeStoreServer } from "../index";

interface Variant {
  id: number;
  price: string;
  compare_at_price: string | null;
  available: boolean;
  inventory_quantity: number;
}
interface Product {
  id: number;
  handle: string;
  updated_at: string;
  variants: Variant[];
}

let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);

async function snapshot(host: string) {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const batch = (await get(host, `/products.json?limit=250&page=${page}`)).json<{ products: Product[] }>().products;
    if (batch.length === 0) break;
    products.push(...batch);
  }
  const pages = (await get(host, "/pages.json")).json<{ pages: Array<{ id: number; handle: string }> }>().pages;
  return { products, pages };
}

/** Our own changelog between two snapshots, in FakeChange form, sorted for comparison. */
function diff(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>): FakeChange[] {
  const changes: FakeChange[] = [];
  const beforeById = new Map(before.products.map((p) => [p.id, p]));
  const afterById = new Map(after.products.map((p) => [p.id, p]));
  for (const p of before.products) {
    const now = afterById.get(p.id);
    if (!now) {
      changes.push({ kind: "product_removed", productId: p.id, handle: p.handle, variantIds: p.variants.map((v) => v.id) });
      continue;
    }
    for (const v of p.variants) {
      const w = now.variants.find((x) => x.id === v.id);
      if (!w) throw new Error("variant vanished");
      if (w.inventory_quantity !== v.inventory_quantity) {
        changes.push({
          kind: w.inventory_quantity < v.inventory_quantity ? "sale" : "restock",
          productId: p.id,
          handle: p.handle,
          variantId: v.id,
          quantityBefore: v.inventory_quantity,
          quantityAfter: w.inventory_quantity,
          availableBefore: v.available,
          availableAfter: w.available,
          unitsSold: Math.max(0, v.inventory_quantity - w.inventory_quantity),
        });
      }
      if (w.price !== v.price || w.compare_at_price !== v.compare_at_price) {
        changes.push({
          kind: "price_change",
          productId: p.id,
          handle: p.handle,
          variantId: v.id,
          priceBefore: v.price,
          priceAfter: w.price,
          compareAtPriceBefore: v.compare_at_price,
          compareAtPriceAfter: w.compare_at_price,
        });
      }
    }
  }
  for (const p of after.products) {
    if (!beforeById.has(p.id))
      changes.push({ kind: "product_added", productId: p.id, handle: p.handle, variantIds: p.variants.map((v) => v.id) });
  }
  const pageIdsAfter = new Set(after.pages.map((p) => p.id));
  const pageIdsBefore = new Set(before.pages.map((p) => p.id));
  for (const p of before.pages) if (!pageIdsAfter.has(p.id)) changes.push({ kind: "page_removed", pageId: p.id, handle: p.handle });
  for (const p of after.pages) if (!pageIdsBefore.has(p.id)) changes.push({ kind: "page_added", pageId: p.id, handle: p.handle });
  return sortChanges(changes);
}

async function collectionCounts(host: string): Promise<Map<string, number>> {
  const { collections } = (await get(host, "/collections.json?limit=250")).json<{
    collections: Array<{ handle: string; products_count: number }>;
  }>();
  return new Map(collections.map((c) => [c.handle, c.products_count]));
}

const sortChanges = (changes: FakeChange[]) =>
  [...changes].sort((a, b) => (a.kind + JSON.stringify(a)).localeCompare(b.kind + JSON.stringify(b)));

beforeAll(async () => {
  server = await startFakeStore();
});
afterAll(() => server.close());

describe("advance()", () => {
  it("returns exactly the changes the endpoints show afterwards", async () => {
    server.addStore(inventoryStore("stock.test", { seed: 11 }));
    const store = server.store("stock.test");
    const before = await snapshot("stock.test");
    const changes = store.advance({
      sales: 4,
      restocks: 2,
      priceChanges: 3,
      addProducts: 2,
      removeProducts: 1,
      addPages: 1,
      removePages: 1,
    });
    const after = await snapshot("stock.test");

    expect(changes.filter((c) => c.kind === "sale")).toHaveLength(4);
    expect(changes.filter((c) => c.kind === "restock")).toHaveLength(2);
    expect(changes.filter((c) => c.kind === "price_change")).toHaveLength(3);
    expect(changes.filter((c) => c.kind === "product_added")).toHaveLength(2);
    expect(changes.filter((c) => c.kind === "product_removed")).toHaveLength(1);
    expect(sortChanges(changes)).toEqual(diff(before, after));

    const meta = (await get("stock.test", "/meta.json")).json<{ published_products_count: number }>();
    expect(meta.published_products_count).toBe(23);
  });

  it("leaves untouched products byte-identical (generated history does not move with the clock)", async () => {
    const store = server.addStore(generatedStore("calm.test", { products: 1_000, seed: 8 }));
    const before = (await get("calm.test", "/products.json?limit=250&page=2")).json<{ products: Product[] }>().products;
    const changes = store.advance({ minutes: 24 * 60, sales: 3, priceChanges: 3 });
    const touched = new Set(changes.map((c) => ("productId" in c ? c.productId : 0)));
    const after = (await get("calm.test", "/products.json?limit=250&page=2")).json<{ products: Product[] }>().products;
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    for (const [i, product] of after.entries()) {
      if (touched.has(product.id)) expect(product.updated_at).not.toBe(before[i]?.updated_at);
      else expect(product).toEqual(before[i]);
    }
  });

  it("a day of sales: every variant at its own rate, same-day sell-outs hidden in a rise, the truth kept per product", async () => {
    const store = server.addStore(generatedStore("days.test", { products: 60, seed: 21, exposeInventory: true }));
    const all: FakeChange[] = [];
    for (let day = 0; day < 20; day++) {
      const before = await snapshot("days.test");
      const changes = store.advance({ minutes: 24 * 60, dailySales: true });
      const after = await snapshot("days.test");
      // What the endpoints show; the units sold inside a rise are the store's own knowledge.
      const shown = (list: FakeChange[]) => sortChanges(list).map((c) => ("unitsSold" in c ? { ...c, unitsSold: 0 } : c));
      expect(shown(changes)).toEqual(shown(diff(before, after)));
      all.push(...changes);
    }
    const inventory = all.filter((c) => c.kind === "sale" || c.kind === "restock");
    // Some restocks follow a sell-out the same day: the level rose, yet units were sold.
    const hidden = inventory.filter((c) => c.kind === "restock" && c.unitsSold > 0);
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden) expect(c.unitsSold).toBeLessThanOrEqual(c.quantityBefore);
    const truth = new Map<number, number>();
    for (const c of inventory) truth.set(c.productId, (truth.get(c.productId) ?? 0) + c.unitsSold);
    expect(new Map([...truth].filter(([, n]) => n > 0))).toEqual(new Map(store.unitsSoldByProduct()));
    expect(new Set(inventory.map((c) => c.productId)).size).toBeGreaterThan(30);
  });

  it("is deterministic for a given seed", () => {
    const a = server.addStore(generatedStore("a.test", { products: 500, seed: 5 }));
    const b = server.addStore(generatedStore("b.test", { products: 500, seed: 5 }));
    const step = { sales: 5, priceChanges: 5, restocks: 2, addProducts: 1, removeProducts: 2 };
    expect(a.advance(step)).toEqual(b.advance(step));
    expect(a.advance(step)).toEqual(b.advance(step));
    const c = server.addStore(generatedStore("c.test", { products: 500, seed: 6 }));
    expect(c.advance(step)).not.toEqual(server.addStore(generatedStore("a.test", { products: 500, seed: 5 })).advance(step));
  });

  it("selling a variant out flips availability; explicit price changes show in every shape", async () => {
    const store = server.addStore(generatedStore("shop.test", { products: 2_000, seed: 9 }));
    const [first] = (await get("shop.test", "/products.json?limit=1")).json<{ products: Product[] }>().products;
    const variant = first?.variants[0];
    if (!first || !variant) throw new Error("no product");
    const js = (await get("shop.test", `/products/${first.handle}.js`)).json<{ variants: Array<{ id: number; available: boolean }> }>();
    expect(js.variants[0]?.available).toBe(variant.available);

    const [restock] = store.advance({ restocks: [{ variantId: variant.id, quantity: 4 }] });
    expect(restock).toMatchObject({ kind: "restock", variantId: variant.id, availableAfter: true });
    const quantity = restock?.kind === "restock" ? restock.quantityAfter : 0;
    const [sale] = store.advance({ sales: [{ variantId: variant.id, quantity: quantity + 10 }] });
    expect(sale).toMatchObject({ kind: "sale", quantityBefore: quantity, quantityAfter: 0, availableBefore: true, availableAfter: false });
    const listed = (await get("shop.test", "/products.json?limit=1")).json<{ products: Product[] }>().products[0];
    expect(listed?.variants[0]?.available).toBe(false);

    const [change] = store.advance({ priceChanges: [{ variantId: variant.id, price: "12.34", compareAtPrice: "20.00" }] });
    expect(change).toMatchObject({ kind: "price_change", priceAfter: "12.34", compareAtPriceAfter: "20.00" });
    const single = (await get("shop.test", `/products/${first.handle}.json`)).json<{
      product: { variants: Variant[]; updated_at: string };
    }>();
    expect(single.product.variants[0]).toMatchObject({ price: "12.34", compare_at_price: "20.00" });
    expect(single.product.updated_at).not.toBe(first.updated_at);
    const ajax = (await get("shop.test", `/products/${first.handle}.js`)).json<{ variants: Array<{ price: number }> }>();
    expect(ajax.variants[0]?.price).toBe(1234);
  });

  it("added products appear in listings, collections and sitemaps; removed ones disappear everywhere", async () => {
    const store = server.addStore(generatedStore("grow.test", { products: 300, seed: 4 }));
    // Read a collection first so the membership cache exists and must be updated, not rebuilt.
    const countsBefore = await collectionCounts("grow.test");
    const changes = store.advance({ addProducts: 1, removeProducts: 1 });
    const added = changes.find((c) => c.kind === "product_added");
    const removed = changes.find((c) => c.kind === "product_removed");
    if (added?.kind !== "product_added" || removed?.kind !== "product_removed") throw new Error("missing changes");

    const newest = (await get("grow.test", "/products.json?limit=1")).json<{ products: Product[] }>().products[0];
    expect(newest?.id).toBe(added.productId);
    expect((await get("grow.test", `/products/${added.handle}.json`)).status).toBe(200);
    expect((await get("grow.test", `/products/${removed.handle}.json`)).status).toBe(404);
    const all = (await get("grow.test", "/collections/all/products.json?limit=250&page=1")).body;
    expect(all).toContain(`"id":${added.productId}`);
    expect(all).not.toContain(`"id":${removed.productId}`);
    expect((await collectionCounts("grow.test")).get("all")).toBe(countsBefore.get("all"));
    const allIds = new Set<number>();
    for (const [handle] of countsBefore) {
      if (handle === "all" || handle === "frontpage") continue;
      const listed = (await get("grow.test", `/collections/${handle}/products.json?limit=250`)).json<{ products: Product[] }>().products;
      for (const p of listed) allIds.add(p.id);
    }
    expect(allIds.has(added.productId)).toBe(true);
    expect(allIds.has(removed.productId)).toBe(false);
    expect(allIds.size).toBe(300);

    const index = (await get("grow.test", "/sitemap.xml")).body;
    const child = /<loc>https:\/\/grow\.test(\/sitemap_products_1\.xml[^<]+)<\/loc>/.exec(index)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const sitemap = (await get("grow.test", child)).body;
    expect(sitemap).toContain(`/products/${added.handle}<`);
    expect(sitemap).not.toContain(`/products/${removed.handle}<`);
    expect((await get("grow.test", "/meta.json")).json<{ published_products_count: number }>().published_products_count).toBe(300);
  });

  it("adds and removes collections", async () => {
    const store = server.addStore(generatedStore("coll.test", { products: 50, seed: 1 }));
    const before = (await get("coll.test", "/collections.json")).json<{ collections: Array<{ id: number }> }>().collections;
    const changes = store.advance({ addCollections: 1, removeCollections: [before[0]?.id ?? 0] });
    const after = (await get("coll.test", "/collections.json")).json<{
      collections: Array<{ id: number; handle: string; products_count: number }>;
    }>().collections;
    expect(after.map((c) => c.id)).not.toContain(before[0]?.id);
    const added = changes.find((c) => c.kind === "collection_added");
    expect(after.find((c) => c.handle === (added?.kind === "collection_added" ? added.handle : ""))?.products_count).toBe(1);
  });

  it("rejects unknown ids", () => {
    const store = server.addStore(generatedStore("err.test", { products: 10 }));
    expect(() => store.advance({ sales: [{ variantId: 1, quantity: 1 }] })).toThrow(/no live variant/);
    expect(() => store.advance({ removeProducts: [42] })).toThrow(/no live product/);
  });
});
