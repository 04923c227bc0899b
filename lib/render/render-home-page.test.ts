import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { FLOOD_HOST, floodPage, startGzipFloodServer } from "@/testing/hostile/gzip-flood-server";
import { hostileRenderPages, type HostileRenderPage } from "@/testing/hostile/render-pages";
import { findChromium } from "./find-chromium";
import { renderResourceFetcher } from "@/lib/pipeline/render-resource-fetcher";
import { DEFAULT_RENDER_BUDGET, renderHomePage } from "./render-home-page";

const chromium = findChromium();
const STORE = "render-shop.test";
const HOSTS = new Set([STORE]);
let server: Server;
let flood: Awaited<ReturnType<typeof startGzipFloodServer>>;
let seen: string[] = [];
/** Each flood body decodes to 4 MB; the flood test's render may read 8 MB in all. */
const FLOOD_BODY_BYTES = 4 * 1024 * 1024;
const FLOOD_BUDGET_BYTES = 8 * 1024 * 1024;
/** The most one read can bring: zlib hands out 16 KiB at a time, a socket read up to 64 KiB. */
const MAX_CHUNK = 64 * 1024;

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
    if (req.url === "/flood") {
      res.writeHead(200, { "content-type": "text/html" }).end(floodPage(40));
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
  flood = await startGzipFloodServer({ decodedBytes: FLOOD_BODY_BYTES });
  Object.assign(process.env, {
    SHOP_RESOLVE: `${FLOOD_HOST}=${flood.origin},*.test=http://127.0.0.1:${port}`,
    ALLOW_PRIVATE_NETWORK: "true",
    SCRAPER_MIN_INTERVAL_MS: "0",
  });
  resetEnvCache();
});

afterAll(async () => {
  await flood.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The deadline of the renders expected to time out; the others get a longer one, which costs nothing
 * when they end as expected and keeps a machine busy with other work from turning them into timeouts.
 */
const TIMEOUT_MS = 8_000;
const SLOW_MACHINE_TIMEOUT_MS = 25_000;

const render = (path: string, budget = {}) =>
  chromium.found
    ? renderHomePage({
        executablePath: chromium.path,
        url: `https://${STORE}${path}`,
        storeHosts: HOSTS,
        fetchResource: renderResourceFetcher(HOSTS),
        budget: { ...DEFAULT_RENDER_BUDGET, timeoutMs: TIMEOUT_MS, ...budget },
      })
    : Promise.reject(new Error(chromium.message));

describe.skipIf(!chromium.found)("renderHomePage", () => {
  it("renders a page at desktop and phone size, with what its scripts added, every request answered by us", async () => {
    seen = [];
    const outcome = await render("/", { timeoutMs: SLOW_MACHINE_TIMEOUT_MS });

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
  }, 60_000);

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
      const timeoutMs = code === "render_timeout" ? TIMEOUT_MS : SLOW_MACHINE_TIMEOUT_MS;
      const outcome = await render(`/hostile/${page}`, { heapMb: 64, timeoutMs });

      expect(outcome).toMatchObject({ status: "not_rendered", code });
      // The deadline held: the browser was ended, not waited for.
      expect(performance.now() - started).toBeLessThan(timeoutMs + 10_000);
      // Nothing reached a private address: the loopback server saw only the store's own paths.
      expect(seen.every((path) => path.startsWith("/hostile/") || path === "/never" || path === "/other" || path === "/popup")).toBe(true);
    },
    60_000,
  );

  it("holds a page asking for 40 large gzip bodies at once to one byte budget, a few fetches at a time", async () => {
    const { maxInFlight } = DEFAULT_RENDER_BUDGET;
    const outcome = await render("/flood", { maxBytes: FLOOD_BUDGET_BYTES, timeoutMs: SLOW_MACHINE_TIMEOUT_MS });

    expect(outcome).toMatchObject({ status: "not_rendered", code: "render_too_large" });
    // Every open body charged the one total as its chunks arrived, and all stopped once it passed:
    // past the budget, at most one chunk per open fetch.
    expect(outcome.stats.bytesRead).toBeGreaterThan(FLOOD_BUDGET_BYTES);
    expect(outcome.stats.bytesRead).toBeLessThanOrEqual(FLOOD_BUDGET_BYTES + maxInFlight * MAX_CHUNK);
    expect(outcome.stats.bytes).toBeLessThanOrEqual(FLOOD_BUDGET_BYTES);
    // The page asked for 40 at once; the server never had more than the cap open at the same time.
    expect(outcome.stats.peakInFlight).toBeLessThanOrEqual(maxInFlight);
    expect(flood.counts.peakOpen).toBeGreaterThan(1);
    expect(flood.counts.peakOpen).toBeLessThanOrEqual(maxInFlight);
  }, 60_000);
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
