import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { hostileRenderPages, type HostileRenderPage } from "@/testing/hostile/render-pages";
import { findChromium } from "./find-chromium";
import { renderResourceFetcher } from "@/lib/pipeline/render-resource-fetcher";
import { DEFAULT_RENDER_BUDGET, renderHomePage } from "./render-home-page";

const chromium = findChromium();
const STORE = "render-shop.test";
const HOSTS = new Set([STORE]);
let server: Server;
let seen: string[] = [];

// A store on loopback reached through the operator's resolve rule, as in every pipeline test;
// ALLOW_PRIVATE_NETWORK is on as there, and the page's own requests to private addresses must be refused anyway.
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const page = /^\/hostile\/(\w+)$/.exec(req.url ?? "")?.[1] as HostileRenderPage | undefined;
    if (req.url === "/never") return; // held open for good
    if (page && page in hostileRenderPages) {
      res.writeHead(200, { "content-type": "text/html" }).end(hostileRenderPages[page]);
      return;
    }
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html" })
        .end(`<!doctype html><html><head><title>Shop</title></head><body style="background:#ace">
<h1>Shop</h1><script>var s = document.createElement("script"); s.src = "/late.js"; document.head.appendChild(s);</script></body></html>`);
      return;
    }
    if (req.url === "/late.js") {
      res
        .writeHead(200, { "content-type": "text/javascript" })
        .end(`document.body.insertAdjacentHTML("beforeend", "<p id=late>late</p>");`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(process.env, {
    SHOP_RESOLVE: `*.test=http://127.0.0.1:${port}`,
    ALLOW_PRIVATE_NETWORK: "true",
    SCRAPER_MIN_INTERVAL_MS: "0",
  });
  resetEnvCache();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const render = (path: string, budget = {}) =>
  chromium.found
    ? renderHomePage({
        executablePath: chromium.path,
        url: `https://${STORE}${path}`,
        storeHosts: HOSTS,
        fetchResource: renderResourceFetcher(HOSTS),
        budget: { ...DEFAULT_RENDER_BUDGET, timeoutMs: 8_000, ...budget },
      })
    : Promise.reject(new Error(chromium.message));

describe.skipIf(!chromium.found)("renderHomePage", () => {
  it("renders a page at desktop and phone size, with what its scripts added, every request answered by us", async () => {
    seen = [];
    const outcome = await render("/");

    expect(outcome.status).toBe("rendered");
    if (outcome.status !== "rendered") return;
    expect(outcome.html).toContain('<p id="late">late</p>');
    expect(outcome.requestUrls).toEqual([`https://${STORE}/`, `https://${STORE}/late.js`]);
    expect(seen).toEqual(["/", "/late.js"]);
    // JPEG, viewport only.
    for (const image of [outcome.screenshots.desktop, outcome.screenshots.phone])
      expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(jpegSize(outcome.screenshots.desktop)).toEqual({ width: 1280, height: 800 });
    expect(jpegSize(outcome.screenshots.phone)).toEqual({ width: 390, height: 844 });
  }, 30_000);

  it.each([
    ["neverLoads", "render_timeout"],
    ["hangs", "render_timeout"],
    ["privateAddresses", "render_blocked_request"],
    ["popups", "render_popup"],
    ["allocates", "render_memory"],
  ] as const)(
    "ends the render of a page that %s with %s",
    async (page, code) => {
      seen = [];
      const started = performance.now();
      const outcome = await render(`/hostile/${page}`, { heapMb: 64 });

      expect(outcome).toMatchObject({ status: "not_rendered", code });
      // The deadline held: the browser was ended, not waited for.
      expect(performance.now() - started).toBeLessThan(8_000 + 10_000);
      // Nothing reached a private address: the loopback server saw only the store's own paths.
      expect(seen.every((path) => path.startsWith("/hostile/") || path === "/never" || path === "/other" || path === "/popup")).toBe(true);
    },
    40_000,
  );
});

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(image: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < image.length) {
    const marker = image[at + 1]!;
    const length = image.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: image.readUInt16BE(at + 5), width: image.readUInt16BE(at + 7) };
    at += 2 + length;
  }

  return null;
}
