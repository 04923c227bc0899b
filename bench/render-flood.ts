/**
 * What a page asking for many large gzip bodies at once costs the server: 40 images on another
 * host, each 25 MB decoded (a few KB on the wire), rendered with the default budget (30 MB of
 * decoded answers in all, 6 fetches open at once). Prints the server process's RSS before the
 * render, its peak during it (VmHWM, reset just before), how the render ended, the decoded bytes
 * read in all and the most fetches open at once (as the render counted them and as the loopback
 * server saw them). Figures only: nothing is asserted.
 *
 * --per-request gives each fetch a budget of its own (as before the shared one: each could take
 * the whole 30 MB) for comparison; with --in-flight=40 that is how the render used to read.
 *
 *   npx tsx bench/render-flood.ts [--images=40] [--body-mb=25] [--in-flight=6] [--per-request]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { argValue } from "./bench-args";
import { provisionBenchDatabase } from "@/testing/test-database";

const IMAGES = argValue("images", 40);
const BODY_MB = argValue("body-mb", 25);
// Store requests are signed, and signing looks up owner signatures: a throwaway database.
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
const { closeDatabase } = await import("@/db");
const { prepareDatabase } = await import("@/server/prepare-database");
const { resetEnvCache } = await import("@/lib/env");
const { SharedByteBudget } = await import("@/lib/net");
const { renderResourceFetcher } = await import("@/lib/pipeline/render-resource-fetcher");
const { findChromium } = await import("@/lib/render/find-chromium");
const { DEFAULT_RENDER_BUDGET, renderHomePage } = await import("@/lib/render/render-home-page");
const { FLOOD_HOST, floodPage, startGzipFloodServer } = await import("@/testing/hostile/gzip-flood-server");

const IN_FLIGHT = argValue("in-flight", DEFAULT_RENDER_BUDGET.maxInFlight);
const PER_REQUEST = process.argv.includes("--per-request");
const DOMAIN = "bench-flood.test";
const chromium = findChromium();
if (!chromium.found) {
  console.error(chromium.message);
  process.exit(1);
}
await prepareDatabase();
const flood = await startGzipFloodServer({ decodedBytes: BODY_MB * 1024 * 1024 });
const store = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(floodPage(IMAGES)));
await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
const storeOrigin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
Object.assign(process.env, { SHOP_RESOLVE: `${FLOOD_HOST}=${flood.origin},*.test=${storeOrigin}`, SCRAPER_MIN_INTERVAL_MS: "0" });
resetEnvCache();

/** A figure from /proc/self/status, in bytes. */
const status = (field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;

const hosts = new Set([DOMAIN]);
const shared = renderResourceFetcher(hosts);
// The render's stats read the shared budget, which these fetches no longer charge: they count here.
let perRequestBytes = 0;
const fetchResource: typeof shared = PER_REQUEST
  ? async (url, limits) => {
      const own = new SharedByteBudget(limits.bytes.maxBytes);
      const answer = await shared(url, { ...limits, bytes: own });
      perRequestBytes += own.used;

      return answer;
    }
  : shared;
const before = status("VmRSS");
// "5" resets the peak RSS (VmHWM) to the current RSS, so the peak read after is this render's.
writeFileSync("/proc/self/clear_refs", "5");
const outcome = await renderHomePage({
  executablePath: chromium.path,
  url: `https://${DOMAIN}/`,
  storeHosts: hosts,
  fetchResource,
  budget: { ...DEFAULT_RENDER_BUDGET, maxInFlight: IN_FLIGHT },
});
const peak = status("VmHWM");
const after = status("VmRSS");
await flood.close();
store.closeAllConnections();
await new Promise((resolve) => store.close(resolve));
await closeDatabase();
await benchDatabase.drop();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(`a page asking for ${IMAGES} gzip bodies of ${BODY_MB} MB decoded at once, ${chromium.path}`);
console.log(
  `  budget                          ${mb(DEFAULT_RENDER_BUDGET.maxBytes)} decoded ${PER_REQUEST ? "per fetch" : "in all"}, ${IN_FLIGHT} fetches open at once`,
);
console.log(`  outcome                         ${outcome.status}${outcome.status === "not_rendered" ? ` (${outcome.code})` : ""}`);
const read = PER_REQUEST ? perRequestBytes : outcome.stats.bytesRead;
console.log(`  decoded bytes read in all       ${mb(read)} (${read} bytes)`);
console.log(
  `  fetches open at once            ${outcome.stats.peakInFlight} (the server saw ${flood.counts.peakOpen} of ${flood.counts.requests} requests at once)`,
);
console.log(`  server RSS before / peak / after ${mb(before)} / ${mb(peak)} / ${mb(after)}`);
