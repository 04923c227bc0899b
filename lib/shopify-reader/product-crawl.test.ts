import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { startTestServer } from "@/testing/test-server";
import type { StoreFetchOptions } from "./fetch-store";
import { createPacer } from "./pacer";
import { crawlProducts } from "./product-crawl";
import { createMemorySeenProducts } from "@/testing/memory-seen-products";
import { createVirtualClock } from "@/testing/test-clock";

/** Minimal list-shape products with ids from..from+count-1. */
const products = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, title: `P${from + i}`, handle: `p-${from + i}`, variants: [] }));

const pages = new Map<number, { status: number; body: string }>();
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    // The product sitemap lists every product the listing pages hold, as Shopify's does.
    if (url.pathname === "/sitemap.xml") {
      const index = `<sitemapindex><sitemap><loc>https://shop.test/sitemap_products_1.xml?from=1&amp;to=99999</loc></sitemap></sitemapindex>`;
      return res.writeHead(200, { "content-type": "application/xml" }).end(index);
    }
    if (url.pathname === "/sitemap_products_1.xml") {
      const handles = [...pages.values()].flatMap((answer) => {
        try {
          return (JSON.parse(answer.body) as { products: { handle: string }[] }).products.map((p) => p.handle);
        } catch {
          return [];
        }
      });
      const urls = handles.map((handle) => `<url><loc>https://shop.test/products/${handle}</loc></url>`).join("");
      return res.writeHead(200, { "content-type": "application/xml" }).end(`<urlset>${urls}</urlset>`);
    }
    const answer = pages.get(Number(url.searchParams.get("page"))) ?? { status: 200, body: JSON.stringify({ products: [] }) };
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
});

afterAll(async () => {
  await server.close();
});

let options: StoreFetchOptions;

beforeEach(() => {
  pages.clear();
  const clock = createVirtualClock();
  options = {
    pacer: createPacer({ minIntervalMs: 0, clock }),
    net: { resolveRules: parseResolveRules(`*.test=${server.origin}`) },
    maxRetries: 0,
  };
});

const ok = (items: unknown[]) => ({ status: 200, body: JSON.stringify({ products: items }) });

describe("crawlProducts", () => {
  it("goes past a short page and ends only at an empty one", async () => {
    pages.set(1, ok(products(1, 250)));
    pages.set(2, ok(products(251, 249)));
    pages.set(3, ok(products(500, 3)));
    const slice = await crawlProducts("shop.test", null, options);
    // Four listing pages, then the sitemap index and its product sitemap to reconcile.
    expect(slice).toMatchObject({ state: "done", outcome: "ok", requests: 6 });
    expect(slice.products).toHaveLength(502);
  });

  it("skips a malformed page and marks the listing incomplete", async () => {
    pages.set(1, ok(products(1, 250)));
    pages.set(2, { status: 200, body: "<html>oops</html>" });
    pages.set(3, ok(products(501, 10)));
    const slice = await crawlProducts("shop.test", null, options);
    expect(slice).toMatchObject({ state: "done", outcome: "listing_incomplete" });
    expect(slice.products).toHaveLength(260);
    expect(slice.cursor.issues[0]).toMatch(/products page 2: not_json/);
  });

  it("stops on a store that is down, and resumes at the same page later", async () => {
    pages.set(1, ok(products(1, 250)));
    pages.set(2, { status: 503, body: "" });
    // What the workflow keeps between slices: the products delivered so far.
    const seen = createMemorySeenProducts();
    const first = await crawlProducts("shop.test", null, { ...options, seen });
    expect(first).toMatchObject({ state: "failed", failure: { status: "unavailable", httpStatus: 503 } });
    expect(first.products).toHaveLength(250);
    expect(first.cursor.page).toBe(2);
    seen.remember(first.products);

    pages.set(2, ok(products(251, 5)));
    const second = await crawlProducts("shop.test", first.cursor, { ...options, seen });
    expect(second).toMatchObject({ state: "done", outcome: "ok" });
    expect(second.products.map((p) => p.id)).toEqual([251, 252, 253, 254, 255]);
  });

  it("stops when the listing endpoint keeps failing instead of walking every page", async () => {
    for (let page = 1; page <= 101; page += 1) {
      pages.set(page, { status: 404, body: "{}" });
    }
    const slice = await crawlProducts("shop.test", null, options);
    expect(slice).toMatchObject({ state: "failed", failure: { status: "http_error", httpStatus: 404 } });
    expect(slice.requests).toBe(3);
  });

  it("keeps each slice within its request budget", async () => {
    for (let page = 1; page <= 6; page += 1) {
      pages.set(page, ok(products(page * 1000, 250)));
    }
    const slice = await crawlProducts("shop.test", null, { ...options, maxRequests: 2 });
    expect(slice).toMatchObject({ state: "more", requests: 2, cursor: { page: 3 } });
  });

  it("hands each page's new products to deliverTo as it is read, holding none in the slice", async () => {
    pages.set(1, ok(products(1, 250)));
    pages.set(2, ok([...products(201, 50), ...products(251, 200)]));
    pages.set(3, ok(products(451, 7)));
    const deliveries: number[][] = [];
    const slice = await crawlProducts("shop.test", null, {
      ...options,
      deliverTo: async (items) => void deliveries.push(items.map((p) => p.id)),
    });
    expect(slice).toMatchObject({ state: "done", outcome: "ok", products: [] });
    // One delivery per listing page, each product once (page 2 repeats 50 of page 1).
    expect(deliveries.slice(0, 3).map((ids) => ids.length)).toEqual([250, 200, 7]);
    expect(new Set(deliveries.flat()).size).toBe(457);
    expect(deliveries.flat()).toHaveLength(457);
  });
});
