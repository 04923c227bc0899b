/**
 * A store resource that redirects to another site, rendered with real Chromium: the store fetch
 * does not follow it (a store is read only on its own hosts); the other site is asked for it
 * through the guarded fetch, as any other host is, and the page gets what it answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { renderResourceFetcher } from "@/lib/pipeline/render-resource-fetcher";
import { startTestServer } from "@/testing/test-server";
import { findChromium } from "./find-chromium";
import { DEFAULT_RENDER_BUDGET, renderHomePage } from "./render-home-page";

const chromium = findChromium();
const STORE = "moving-shop.test";
const HOSTS = new Set([STORE]);
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
let server: Awaited<ReturnType<typeof startTestServer>>;
/** Every request the loopback server saw, as `host path`. */
const seen: string[] = [];

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    seen.push(`${host} ${req.url}`);
    if (host !== STORE) return void res.writeHead(200, { "content-type": "image/gif" }).end(PIXEL);
    if (req.url === "/moved.gif") return void res.writeHead(302, { location: "https://elsewhere.test/pixel.gif" }).end();
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><html><body><img src="/moved.gif" width=1 height=1 onload="document.body.dataset.loaded = 'yes'"></body></html>`,
      );
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

describe.skipIf(!chromium.found)("renderHomePage: a store resource redirecting to another site", () => {
  it("answers it with what the other site serves, fetched as from any other host", async () => {
    if (!chromium.found) throw new Error(chromium.message);
    const outcome = await renderHomePage({
      executablePath: chromium.path,
      url: `https://${STORE}/`,
      storeHosts: HOSTS,
      fetchResource: renderResourceFetcher(HOSTS),
      budget: { ...DEFAULT_RENDER_BUDGET, timeoutMs: 20_000 },
    });

    expect(outcome.status).toBe("rendered");
    if (outcome.status !== "rendered") return;
    expect(outcome.html).toContain('data-loaded="yes"');
    expect(outcome.requestUrls).toContain(`https://${STORE}/moved.gif`);
    expect(seen).toEqual(expect.arrayContaining([`${STORE} /moved.gif`, "elsewhere.test /pixel.gif"]));
  }, 60_000);
});
