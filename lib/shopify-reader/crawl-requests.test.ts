import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import { createVirtualClock } from "@/testing/test-clock";
import { createMemorySeenProducts } from "@/testing/memory-seen-products";
import { createPacer } from "./pacer";
import { crawlProducts, productCrawlCursorSchema, type ProductCrawlCursor } from "./product-crawl";

// At one polite request a second every request is a second of the user's wait: the crawl
// stops once it holds every product meta.json counts, and past the 25,000 cap takes the
// cheaper way to the rest. A count lower than the truth must still yield every product.

let server: FakeStoreServer;

beforeAll(async () => {
  server = await startFakeStore();
});

afterAll(async () => {
  await server.close();
});

/** The workflow's loop: slices of 10 requests, the cursor through JSON as a step stores it. */
async function crawl(domain: string, expectedProducts: number) {
  const seen = createMemorySeenProducts();
  let cursor: ProductCrawlCursor | null = null;
  for (;;) {
    const slice = await crawlProducts(domain, cursor, {
      pacer: createPacer({ minIntervalMs: 0, clock: createVirtualClock() }),
      net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(server.shopResolve("*.test")) },
      maxRetries: 0,
      maxRequests: 10,
      expectedProducts,
      seen,
    });
    if (slice.state === "failed") throw new Error(`crawl failed: ${slice.failure?.status}`);
    seen.remember(slice.products);
    cursor = productCrawlCursorSchema.parse(JSON.parse(JSON.stringify(slice.cursor)));
    if (slice.state === "done") return { held: seen.size, outcome: slice.outcome, cursor };
  }
}

function requests(domain: string) {
  const paths = server
    .store(domain)
    .log()
    .map((entry) => entry.path);
  const count = (pattern: RegExp) => paths.filter((path) => pattern.test(path)).length;

  return {
    total: paths.length,
    listing: count(/^\/products\.json/),
    collectionsJson: count(/^\/collections\.json/),
    collectionPages: count(/^\/collections\/[^/]+\/products\.json/),
    sitemapIndex: count(/^\/sitemap\.xml/),
    childSitemaps: count(/^\/sitemap_products_/),
    byHandle: count(/^\/products\/[^/]+\.json/),
  };
}

function addStore(domain: string, products: number) {
  // No product past 100 variants: every request here is one the catalog needs.
  server.addStore(generatedStore(domain, { products, seed: 11, hugeVariantsEvery: 0 }));
}

describe("a crawl with no wasted requests", () => {
  it("stops at the listing's empty page when it holds every product meta.json counts (no sitemap)", async () => {
    addStore("complete.test", 2000);
    const result = await crawl("complete.test", 2000);

    expect(result).toMatchObject({ held: 2000, outcome: "ok" });
    // Eight pages of 250 and the empty page that ends the listing; nothing else.
    expect(requests("complete.test")).toMatchObject({ total: 9, listing: 9, sitemapIndex: 0 });
  });

  it("yields every product of a store whose meta.json count is lower than the truth, below the cap", async () => {
    addStore("stale-small.test", 2000);
    const result = await crawl("stale-small.test", 1500);

    // The count is reached on page 6, but only the empty page ends the listing.
    expect(result).toMatchObject({ held: 2000, outcome: "ok" });
    expect(requests("stale-small.test")).toMatchObject({ total: 9, listing: 9 });
  });

  it("past the cap reads the collections that span the catalog, each page and sitemap once", async () => {
    addStore("past-cap.test", 30_000);
    const result = await crawl("past-cap.test", 30_000);

    expect(result).toMatchObject({ held: 30_000, outcome: "ok" });
    const made = requests("past-cap.test");
    // 100 listing pages (page 101 can only answer the cap), /collections.json once, the
    // collections that together hold the catalog once (types or vendors: 124 pages),
    // then the sitemap index and its six children once each.
    expect(made).toMatchObject({ listing: 100, collectionsJson: 1, sitemapIndex: 1, childSitemaps: 6, byHandle: 0 });
    expect(made.collectionPages).toBeLessThanOrEqual(125);
  }, 120_000);

  it("past the cap fetches a few missing products by handle instead of reading collections", async () => {
    addStore("just-past.test", 25_100);
    const result = await crawl("just-past.test", 25_100);

    expect(result).toMatchObject({ held: 25_100, outcome: "ok" });
    expect(requests("just-past.test")).toMatchObject({
      listing: 100,
      collectionsJson: 0,
      collectionPages: 0,
      sitemapIndex: 1,
      childSitemaps: 6,
      byHandle: 100,
    });
  }, 120_000);

  it("yields every product of a store past the cap whose meta.json count is lower than the truth", async () => {
    addStore("stale-big.test", 30_000);
    const result = await crawl("stale-big.test", 27_000);

    // The count is reached through collections; the sitemap that ends the crawl supplies the rest.
    expect(result).toMatchObject({ held: 30_000, outcome: "ok" });
    const made = requests("stale-big.test");
    expect(made).toMatchObject({ sitemapIndex: 1, childSitemaps: 6 });
    expect(made.byHandle).toBeGreaterThan(0);
  }, 120_000);
});
