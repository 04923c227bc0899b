import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import {
  blockedStore,
  fixtureStore,
  flakyStore,
  generatedStore,
  lanewayStore,
  notShopifySite,
  passwordStore,
  startFakeStore,
  type FakeStoreServer,
} from "@/testing/fake-store";
import { fetchCollections, crawlCollectionMembership } from "./collections";
import { emptyCrawlStats, runWithCrawlContext } from "./crawl-context";
import { robotsPolicy } from "./robots";
import type { StoreFetchOptions } from "./fetch-store";
import { fetchPages } from "./pages";
import { createPacer } from "./pacer";
import { crawlProducts, productCrawlCursorSchema, type ProductCrawlCursor } from "./product-crawl";
import { readAllProducts } from "@/testing/read-all-products";
import { resolveStore } from "./resolve-store";
import { createMemorySeenProducts } from "@/testing/memory-seen-products";
import { fetchStorefrontHtml } from "./fetch-home-page";
import { createVirtualClock } from "@/testing/test-clock";

let server: FakeStoreServer;

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(fixtureStore("izabel.test"));
  server.addStore(lanewayStore("laneway.test", { products: 30 }));
  server.addStore(generatedStore("two-k.test", { products: 2000, seed: 7, hugeVariantsEvery: 400 }));
  server.addStore(generatedStore("big.test", { products: 30_000, seed: 2026 }));
  server.addStore(passwordStore("locked.test"));
  server.addStore(blockedStore("cf.test"));
  server.addStore(notShopifySite("plain.test"));
});

afterAll(async () => {
  await server.close();
});

/** Tiny intervals and a virtual clock: backoff and Retry-After are honored without real sleeps. */
function testOptions(): StoreFetchOptions & { clock: ReturnType<typeof createVirtualClock> } {
  const clock = createVirtualClock();

  return {
    clock,
    pacer: createPacer({ minIntervalMs: 1, clock }),
    // Private networks stay refused: the fake store is reached only through the resolve rule.
    net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(server.shopResolve("*.test")) },
    backoffBaseMs: 50,
    maxRetries: 5,
    timeoutMs: 10_000,
  };
}

describe("resolveStore", () => {
  it("reads meta.json with base and response currency", async () => {
    const store = await resolveStore("izabel.test", testOptions());
    expect(store).toMatchObject({
      status: "ok",
      canonicalDomain: "izabel.test",
      meta: { name: expect.any(String), currency: "EUR", publishedProductsCount: 22, myshopifyDomain: "izabel.myshopify.com" },
      currency: { base: "EUR", cart: "EUR" },
    });
  });

  it("classifies password, blocked, not-Shopify and unknown hosts", async () => {
    expect(await resolveStore("locked.test", testOptions())).toMatchObject({ status: "password" });
    expect(await resolveStore("cf.test", testOptions())).toMatchObject({ status: "blocked", httpStatus: 403 });
    expect(await resolveStore("plain.test", testOptions())).toMatchObject({ status: "not_shopify" });
    expect(await resolveStore("never-registered.test", testOptions())).toMatchObject({ status: "not_shopify" });
    const noDns = { ...testOptions(), net: { allowPrivateNetwork: false, resolveRules: [] } };
    expect(await resolveStore("no-such-store.invalid", noDns)).toMatchObject({ status: "not_found" });
  });
});

describe("products", () => {
  it("reads a 2,000-product store exactly, re-reading products whose variants the listing cut", async () => {
    server.store("two-k.test").resetCounters();
    const result = await readAllProducts("two-k.test", testOptions());
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;

    const ids = new Set(result.products.map((p) => p.id));
    expect(result.products).toHaveLength(2000);
    expect(ids.size).toBe(2000);
    const huge = result.products.filter((p) => p.variants.length > 100);
    expect(huge.length).toBe(5);
    expect(huge.every((p) => p.variants.length === 120)).toBe(true);
    // 8 full pages + the empty page that ends the listing + one re-read per huge product,
    // then the sitemap index and its product sitemap to reconcile the listing.
    expect(server.store("two-k.test").counters().requests).toBe(9 + huge.length + 2);
  });

  it("resumes a crawl from a stored cursor, slice after slice", async () => {
    const options = testOptions();
    const seen = createMemorySeenProducts();
    let cursor: ProductCrawlCursor | null = null;
    let slices = 0;
    for (;;) {
      const slice = await crawlProducts("two-k.test", cursor, { ...options, seen, maxRequests: 3 });
      seen.remember(slice.products);
      slices += 1;
      // What a workflow step would persist and read back.
      cursor = productCrawlCursorSchema.parse(JSON.parse(JSON.stringify(slice.cursor)));
      if (slice.state === "done") {
        expect(slice.outcome).toBe("ok");
        break;
      }
      expect(slice.state).toBe("more");
    }
    expect(seen.size).toBe(2000);
    expect(slices).toBeGreaterThan(3);
  });

  it("completes a 30,000-product store past the 25,000 cap via collections and the sitemap", async () => {
    server.store("big.test").resetCounters();
    const options = testOptions();
    const meta = await resolveStore("big.test", options);
    const expected = meta.status === "ok" ? meta.meta.publishedProductsCount : null;
    const result = await readAllProducts("big.test", { ...options, expectedProducts: expected });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;

    expect(result.cursor.reachedCap).toBe(true);
    expect(new Set(result.products.map((p) => p.id)).size).toBe(30_000);
    expect(result.products).toHaveLength(30_000);
    const paths = server
      .store("big.test")
      .log()
      .map((r) => `${r.status} ${r.path}`);
    // Page 101 can only answer the cap: it is never asked.
    expect(paths.filter((p) => p.includes("/products.json?limit=250&page=101"))).toEqual([]);
    expect(paths.filter((p) => p.startsWith("200 /sitemap_products_"))).toHaveLength(6);
    expect(paths.filter((p) => p.includes("/collections/all/"))).toEqual([]);
  }, 120_000);

  it("completes against a flaky store (429 with Retry-After, 430, 5xx)", async () => {
    server.addStore(
      flakyStore("flaky.test", {
        // Requests 1-3 fail in turn (429, then 430, then 5xx), then every 4th/6th/9th again.
        rateLimit: { firstN: 1, everyK: 4, retryAfterSeconds: 2 },
        securityRejection: { firstN: 2, everyK: 6 },
        serverErrors: { firstN: 3, everyK: 9, statuses: [500, 502, 503] },
      }),
    );
    const options = testOptions();
    const result = await readAllProducts("flaky.test", options);
    expect(result).toMatchObject({ status: "ok" });
    expect(result.products).toHaveLength(22);
    const counters = server.store("flaky.test").counters();
    expect(counters.rateLimited + counters.securityRejected + counters.serverErrors).toBeGreaterThan(0);
    expect(options.clock.sleeps.some((ms) => ms >= 2000)).toBe(true);
  });

  it("stops with a failure (not an empty catalog) on a password or blocked store", async () => {
    expect(await readAllProducts("locked.test", testOptions())).toMatchObject({ status: "password", products: [] });
    expect(await readAllProducts("cf.test", testOptions())).toMatchObject({ status: "blocked" });
  });
});

describe("collections, pages, storefront", () => {
  it("reads collections and their product membership in bounded slices", async () => {
    const options = testOptions();
    const list = await fetchCollections("laneway.test", options);
    expect(list).toMatchObject({ status: "ok", complete: true });
    if (list.status !== "ok") return;
    expect(list.collections.map((c) => c.handle)).toContain("frontpage");

    const handles = list.collections.map((c) => c.handle);
    const members = new Map<string, number[]>();
    let cursor = null;
    do {
      const slice = await crawlCollectionMembership("laneway.test", handles, cursor, { ...options, maxRequests: 4 });
      expect(slice.failure).toBeNull();
      for (const chunk of slice.chunks) {
        members.set(chunk.handle, [...(members.get(chunk.handle) ?? []), ...chunk.productIds]);
      }
      cursor = slice.cursor;
    } while (cursor);
    for (const collection of list.collections) {
      expect(members.get(collection.handle)?.length ?? 0, collection.handle).toBe(collection.productsCount);
    }
  });

  it("does not read a collection's products that robots.txt disallows: each one skipped and reported, the others read", async () => {
    const options = testOptions();
    const list = await fetchCollections("laneway.test", options);
    if (list.status !== "ok") throw new Error(list.status);
    const handles = list.collections.map((c) => c.handle);
    expect(handles.length).toBeGreaterThan(1);
    const [closed, ...open] = handles as [string, ...string[]];
    const underRobots = (text: string) => {
      const context = { robots: robotsPolicy({ status: "ok", text }), stats: emptyCrawlStats() };
      const run = runWithCrawlContext(context, () =>
        crawlCollectionMembership("laneway.test", handles, null, { ...options, maxRequests: 1000 }),
      );

      return run.then((slice) => ({ slice, stats: context.stats }));
    };
    const log = server.store("laneway.test");

    log.resetCounters();
    const all = await underRobots("User-agent: *\nDisallow: /collections\n");
    expect(log.log().filter((entry) => entry.path.startsWith("/collections"))).toEqual([]);
    expect(all.slice.chunks.flatMap((chunk) => chunk.productIds)).toEqual([]);
    expect(all.stats.robotsSkipped.map((skip) => skip.kind)).toEqual(handles.map(() => "collection"));

    log.resetCounters();
    const one = await underRobots(`User-agent: StoreLensBot\nDisallow: /collections/${closed}/\n`);
    const asked = log.log().map((entry) => entry.path);
    expect(asked.some((path) => path.startsWith(`/collections/${closed}/`))).toBe(false);
    for (const handle of open)
      expect(
        asked.some((path) => path.startsWith(`/collections/${handle}/products.json`)),
        handle,
      ).toBe(true);
    expect(one.stats.robotsSkipped).toEqual([{ path: `/collections/${closed}/products.json?limit=250&page=1`, kind: "collection" }]);
  });

  it("reads pages and the home page HTML", async () => {
    const pages = await fetchPages("izabel.test", testOptions());
    expect(pages).toMatchObject({ status: "ok", complete: true });
    expect(pages.status === "ok" && pages.pages.length).toBe(4);

    const home = await fetchStorefrontHtml("izabel.test", testOptions());
    expect(home).toMatchObject({ status: "ok", cartCurrency: "EUR", headers: { "powered-by": "Shopify" } });
    expect(home.status === "ok" && home.html).toMatch(/Shopify\.theme/);
    expect(await fetchStorefrontHtml("locked.test", testOptions())).toMatchObject({ status: "password" });
  });
});
