/**
 * The render's cap on hosts besides the store's (budget.maxOtherHosts), with real Chromium: a page
 * asking for one more distinct host than the cap gets exactly one host refused `other_host`; a
 * page asking for exactly the cap gets none refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { renderResourceFetcher } from "@/lib/pipeline/render-resource-fetcher";
import { startTestServer } from "@/testing/test-server";
import { findChromium } from "./find-chromium";
import { DEFAULT_RENDER_BUDGET, renderHomePage } from "./render-home-page";

const chromium = findChromium();
const STORE = "hosts-shop.test";
const HOSTS = new Set([STORE]);
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
let server: Awaited<ReturnType<typeof startTestServer>>;
/** Hosts (besides the store) that the loopback server was asked by. */
let otherHostsAsked = new Set<string>();

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    if (host !== STORE) {
      otherHostsAsked.add(host);
      res.writeHead(200, { "content-type": "image/gif" }).end(PIXEL);
      return;
    }
    const count = Number(/^\/hosts\/(\d+)$/.exec(req.url ?? "")?.[1] ?? 0);
    const images = Array.from({ length: count }, (_, i) => `<img src="https://cdn${i + 1}.test/p.gif" width=1 height=1>`).join("");
    res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><html><body><h1>Shop</h1>${images}</body></html>`);
  });
  Object.assign(process.env, {
    SHOP_RESOLVE: `*.test=${server.origin}`,
    ALLOW_PRIVATE_NETWORK: "true",
    SCRAPER_MIN_INTERVAL_MS: "0",
  });
  resetEnvCache();
});

afterAll(async () => {
  await server.close();
});

async function renderAsking(hosts: number, maxOtherHosts: number) {
  if (!chromium.found) throw new Error(chromium.message);
  otherHostsAsked = new Set();

  return renderHomePage({
    executablePath: chromium.path,
    url: `https://${STORE}/hosts/${hosts}`,
    storeHosts: HOSTS,
    fetchResource: renderResourceFetcher(HOSTS),
    budget: { ...DEFAULT_RENDER_BUDGET, timeoutMs: 15_000, maxOtherHosts },
  });
}

describe.skipIf(!chromium.found)("renderHomePage: the cap on other hosts", () => {
  it("refuses exactly one host when the page asks for maxOtherHosts + 1 of them", async () => {
    const outcome = await renderAsking(3, 2);
    expect(outcome.status).toBe("rendered");
    expect(outcome.stats.refused.other_host).toBe(1);
    expect(otherHostsAsked.size).toBe(2);
  }, 40_000);

  it("refuses none when the page asks for exactly maxOtherHosts", async () => {
    const outcome = await renderAsking(2, 2);
    expect(outcome.status).toBe("rendered");
    expect(outcome.stats.refused.other_host).toBeUndefined();
    expect(otherHostsAsked).toEqual(new Set(["cdn1.test", "cdn2.test"]));
  }, 40_000);
});
