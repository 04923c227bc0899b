import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import type { AdvanceOptions } from "@/testing/fake-store/types";
import { createMemorySeenProducts } from "@/testing/memory-seen-products";
import { createVirtualClock } from "@/testing/test-clock";
import { createPacer } from "./pacer";
import { crawlProducts, type ProductCrawlCursor } from "./product-crawl";
import type { Product } from "./schemas";

// A real crawl is slow on purpose, so the store changes while we read it. /products.json pages
// by offset: a product deleted near the front slides the next page's first product onto a page
// we already read. The crawl must still end with exactly the products that exist at its end.

let server: FakeStoreServer;
let stores = 0;

beforeAll(async () => {
  server = await startFakeStore();
});

afterAll(async () => {
  await server.close();
});

const PRODUCTS = 1500; // six listing pages of 250

function options() {
  const clock = createVirtualClock();

  return {
    pacer: createPacer({ minIntervalMs: 1, clock }),
    net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(server.shopResolve("*.test")) },
    backoffBaseMs: 50,
    maxRetries: 2,
    timeoutMs: 10_000,
    maxRequests: 10, // slices as the workflow runs them (PRODUCT_REQUESTS_PER_STEP)
  };
}

function newStore() {
  const domain = `moving-${(stores += 1)}.test`;
  server.addStore(generatedStore(domain, { products: PRODUCTS, seed: 40 + stores }));

  return server.store(domain);
}

/** Ids in listing order (newest first), `count` of them from `offset`. */
function listedIds(store: ReturnType<typeof newStore>, offset: number, count: number): number[] {
  const catalog = store.shop!.catalog;

  return catalog.newestFirst(offset, count).map((slot) => catalog.meta(slot).id);
}

function liveIds(store: ReturnType<typeof newStore>): number[] {
  const catalog = store.shop!.catalog;

  return catalog.liveSlots().map((slot) => catalog.meta(slot).id);
}

/** The workflow's loop: slice after slice, remembering what was delivered. */
async function crawl(domain: string) {
  const seen = createMemorySeenProducts();
  const delivered: Product[] = [];
  let cursor: ProductCrawlCursor | null = null;
  for (;;) {
    const slice = await crawlProducts(domain, cursor, { ...options(), seen });
    if (slice.state === "failed") throw new Error(`crawl failed: ${slice.failure?.status}`);
    seen.remember(slice.products);
    delivered.push(...slice.products);
    cursor = slice.cursor;
    if (slice.state === "done") {
      const present = delivered.filter((p) => !seen.goneIds.has(p.id)).map((p) => p.id);

      return { delivered, present, cursor: slice.cursor, outcome: slice.outcome };
    }
  }
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("a catalog that changes while it is read", () => {
  // After 3 requests the first three listing pages (750 products) are read.
  const AFTER = 3;

  it.each([
    ["deleted at the front (already read)", (s: ReturnType<typeof newStore>) => ({ removeProducts: listedIds(s, 0, 6) })],
    ["deleted in the middle (not read yet)", (s: ReturnType<typeof newStore>) => ({ removeProducts: listedIds(s, 1000, 6) })],
    ["deleted at the end", (s: ReturnType<typeof newStore>) => ({ removeProducts: listedIds(s, PRODUCTS - 6, 6) })],
    ["unpublished at the front", (s: ReturnType<typeof newStore>) => ({ unpublishProducts: listedIds(s, 10, 6) })],
    ["unpublished in the middle", (s: ReturnType<typeof newStore>) => ({ unpublishProducts: listedIds(s, 1100, 6) })],
    ["added (new products list first)", () => ({ addProducts: 7 })],
    [
      "added and deleted at the front at once",
      (s: ReturnType<typeof newStore>) => ({ addProducts: 3, removeProducts: listedIds(s, 0, 9) }),
    ],
  ] as const)("yields every product that exists at the end, once: %s", async (_name, change) => {
    const store = newStore();
    store.changeAt(AFTER, change(store) as AdvanceOptions);

    const result = await crawl(store.domain);

    expect(store.changesDuringCrawl.length).toBeGreaterThan(0);
    expect(sorted(result.present)).toEqual(sorted(liveIds(store)));
    expect(new Set(result.delivered.map((p) => p.id)).size).toBe(result.delivered.length);
    expect(result.outcome).toBe("ok");
    expect(result.cursor.reconciliation).toMatchObject({ sitemapRead: true, sitemapProducts: liveIds(store).length });
  });

  it("recovers what the shift hid and marks what disappeared after it was read", async () => {
    const store = newStore();
    const deleted = listedIds(store, 0, 5);
    store.changeAt(AFTER, { removeProducts: deleted });

    const result = await crawl(store.domain);

    // The five read before their deletion are marked gone; the five the shift slid past are fetched.
    expect(result.cursor.reconciliation).toMatchObject({ gone: 5, recovered: 5 });
    expect(result.present).not.toContain(deleted[0]);
    expect(result.delivered.map((p) => p.id)).toEqual(expect.arrayContaining(deleted));
  });

  it("costs only the sitemap on a store that did not change", async () => {
    const store = newStore();
    const result = await crawl(store.domain);

    expect(result.cursor.reconciliation).toMatchObject({ sitemapRead: true, sitemapProducts: PRODUCTS, recovered: 0, gone: 0 });
    // 6 listing pages + the empty page, then the sitemap index and its one product sitemap.
    expect(store.counters().requests).toBe(7 + 2);
  });

  it("reads prices that changed between the listing and the reconciliation without duplicating anything", async () => {
    const store = newStore();
    store.changeAt(AFTER, { removeProducts: listedIds(store, 0, 4), priceChanges: 20, sales: 10, restocks: 10 });
    const result = await crawl(store.domain);

    expect(sorted(result.present)).toEqual(sorted(liveIds(store)));
    expect(new Set(result.delivered.map((p) => p.id)).size).toBe(result.delivered.length);
  });
});
