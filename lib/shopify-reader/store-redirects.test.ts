import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { startTestServer } from "@/testing/test-server";
import { emptyCrawlStats, runWithCrawlContext } from "./crawl-context";
import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { createPacer } from "./pacer";

// Who redirects where: host → the host it sends every request to (same path). Others answer JSON.
const REDIRECTS: Record<string, string> = {
  "hijack.test": "other.test",
  "shop.test": "www.shop.test",
  "brand.myshopify.com": "brand.test",
  "via-shopify.test": "elsewhere.myshopify.com",
  "elsewhere.myshopify.com": "elsewhere.test",
};

let server: Awaited<ReturnType<typeof startTestServer>>;
let options: StoreFetchOptions;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const to = REDIRECTS[host];
    if (to) res.writeHead(301, { location: `https://${to}${req.url}` }).end();
    else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ host }));
  });
});
afterAll(() => server.close());

beforeEach(() => {
  server.seen.length = 0;
  options = {
    pacer: createPacer({ minIntervalMs: 0 }),
    net: {
      allowPrivateNetwork: false,
      resolveRules: parseResolveRules(`*.test=${server.origin},*.myshopify.com=${server.origin}`),
    },
    maxRetries: 0,
  };
});

const hostsAsked = () => server.seen.map((request) => `${String(request.headers.host).replace(/:\d+$/, "")}${request.url}`);

describe("fetchStore follows redirects only within the store's own hosts", () => {
  it("refuses a redirect to another site without asking it, naming the host", async () => {
    const stats = emptyCrawlStats();
    const answer = await runWithCrawlContext({ robots: null, stats }, () => fetchStore("hijack.test", "/meta.json", "json", options));
    expect(answer).toMatchObject({ status: "redirected_off_store", host: "other.test", httpStatus: 301 });
    expect(answer.status === "redirected_off_store" && answer.location).toBe("https://other.test/meta.json");
    expect(hostsAsked()).toEqual(["hijack.test/meta.json"]);
    expect(stats.requests).toBe(1);
  });

  it("follows www. either way, and Shopify's redirect from a myshopify host to the shop's domain", async () => {
    expect(await fetchStore("shop.test", "/meta.json", "json", options)).toMatchObject({
      status: "ok",
      url: "https://www.shop.test/meta.json",
    });
    expect(await fetchStore("brand.myshopify.com", "/meta.json", "json", options)).toMatchObject({
      status: "ok",
      url: "https://brand.test/meta.json",
    });
    expect(hostsAsked()).toEqual([
      "shop.test/meta.json",
      "www.shop.test/meta.json",
      "brand.myshopify.com/meta.json",
      "brand.test/meta.json",
    ]);
  });

  it("follows a redirect to a myshopify host, but not on from another shop's myshopify host to its domain", async () => {
    const answer = await fetchStore("via-shopify.test", "/products.json", "json", options);
    expect(answer).toMatchObject({ status: "redirected_off_store", host: "elsewhere.test" });
    expect(hostsAsked()).toEqual(["via-shopify.test/products.json", "elsewhere.myshopify.com/products.json"]);
  });
});
