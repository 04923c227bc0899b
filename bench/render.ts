/**
 * The render step's cost per job: a store's home page rendered in our own Chromium, every request
 * answered through the store fetch, and screenshotted at desktop and phone size. Prints the time
 * per render, the browser's peak memory (proportional set size of its process tree, so pages
 * shared between its processes count once), the bytes a job stores (the two JPEGs), and the ratio
 * to a baseline measured in the same run: the served-HTML read and detection the detect-apps step
 * does without a browser.
 *
 *   npx tsx bench/render.ts [--runs=5] [--trace]
 */
import { Worker } from "node:worker_threads";
import { provisionBenchDatabase } from "@/testing/test-database";

// Store requests are signed, and signing looks up owner signatures: a throwaway database
// (TEST_DATABASE_URL's server, else PGlite in a temporary folder).
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
const { closeDatabase } = await import("@/db");
const { prepareDatabase } = await import("@/server/prepare-database");
const { detectApps } = await import("@/lib/apps");
const { resetEnvCache } = await import("@/lib/env");
const { renderResourceFetcher } = await import("@/lib/pipeline/render-resource-fetcher");
const { findChromium } = await import("@/lib/render/find-chromium");
const { renderHomePage } = await import("@/lib/render/render-home-page");
const { fetchStorefrontHtml } = await import("@/lib/shopify-reader/fetch-home-page");
const { fixtureStore, startFakeStore } = await import("@/testing/fake-store");

const runsArg = process.argv.find((a) => a.startsWith("--runs="));
const RUNS = runsArg ? Number(runsArg.split("=")[1]) : 5;
/** --trace: each request the page makes, how it was answered and how long that took. */
const TRACE = process.argv.includes("--trace");
const DOMAIN = "bench-render.test";

const chromium = findChromium();
if (!chromium.found) {
  console.error(chromium.message);
  process.exit(1);
}
await prepareDatabase();
const fakeStore = await startFakeStore();
fakeStore.addStore(fixtureStore(DOMAIN));
Object.assign(process.env, { SHOP_RESOLVE: fakeStore.shopResolve("*.test"), SCRAPER_MIN_INTERVAL_MS: "0" });
resetEnvCache();
const hosts = new Set([DOMAIN]);

/**
 * Peak memory of our descendant processes (the browser's), sampled every 100 ms in a worker thread:
 * reading /proc takes tens of milliseconds a time, which on this thread would slow the render it
 * measures. PSS (smaps_rollup) where readable, so pages the browser's processes share count once;
 * else RSS.
 */
const SAMPLER = `
const { readdirSync, readFileSync } = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
function sample() {
  const parents = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\\d+$/.test(name)) continue;
    try {
      const stat = readFileSync("/proc/" + name + "/stat", "utf8");
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  let bytes = 0;
  for (const pid of parents.keys()) {
    let ours = false;
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === workerData.root) { ours = true; break; }
    if (!ours) continue;
    try {
      bytes += Number(/^Pss:\\s+(\\d+) kB/m.exec(readFileSync("/proc/" + pid + "/smaps_rollup", "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      try { bytes += Number(/^VmRSS:\\s+(\\d+) kB/m.exec(readFileSync("/proc/" + pid + "/status", "utf8"))?.[1] ?? 0) * 1024; } catch {}
    }
  }
  return bytes;
}
let peak = 0;
const timer = setInterval(() => { peak = Math.max(peak, sample()); }, 100);
parentPort.on("message", () => { clearInterval(timer); parentPort.postMessage(peak); });
`;

async function peakMemoryDuring<T>(fn: () => Promise<T>): Promise<{ peak: number; value: T }> {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { root: process.pid } });
  try {
    const value = await fn();
    const peak = await new Promise<number>((resolve) => {
      worker.once("message", resolve);
      worker.postMessage("stop");
    });

    return { peak, value };
  } finally {
    await worker.terminate();
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();

  return { ms: performance.now() - t0, value };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Baseline: what detect-apps does for the same page, without a browser.
const baseline: number[] = [];
for (let i = 0; i <= RUNS; i += 1) {
  const { ms } = await timed(async () => {
    const page = await fetchStorefrontHtml(DOMAIN);
    if (page.status !== "ok") throw new Error(`home page: ${page.status} ${page.message}`);

    return detectApps(page.html);
  });
  if (i > 0) baseline.push(ms); // the first warms the connection and the catalog's patterns
}

const inner = renderResourceFetcher(hosts);
const traced: typeof inner = async (url, limits) => {
  const t0 = performance.now();
  const answer = await inner(url, limits);
  if (TRACE) process.stderr.write(`${url.href} ${answer.kind} ${Math.round(performance.now() - t0)} ms\n`);
  return answer;
};
const renders: number[] = [];
const peaks: number[] = [];
const stored: number[] = [];
let requests = 0;
for (let i = 0; i < RUNS; i += 1) {
  const t0 = performance.now();
  const { peak, value } = await peakMemoryDuring(() =>
    renderHomePage({ executablePath: chromium.path, url: `https://${DOMAIN}/`, storeHosts: hosts, fetchResource: traced }),
  );
  const ms = performance.now() - t0;
  if (value.status !== "rendered") throw new Error(`not rendered: ${value.code} (${value.message})`);
  renders.push(ms);
  peaks.push(peak);
  stored.push(value.screenshots.desktop.length + value.screenshots.phone.length);
  requests = value.stats.requests;
}
await fakeStore.close();
await closeDatabase();
await benchDatabase.drop();

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(`render of the fake store's home page (${requests} requests), ${RUNS} runs, ${chromium.path}`);
console.log(`  baseline: served HTML read + app detection   median ${median(baseline).toFixed(1)} ms`);
console.log(
  `  render (launch, load, two screenshots, close) median ${median(renders).toFixed(0)} ms  min ${Math.min(...renders).toFixed(0)} ms`,
);
console.log(`  ratio to baseline                             ×${(median(renders) / median(baseline)).toFixed(0)}`);
console.log(`  browser peak memory (PSS of its processes)    median ${mb(median(peaks))} MB  max ${mb(Math.max(...peaks))} MB`);
console.log(`  bytes stored per job (desktop + phone JPEG)   median ${(median(stored) / 1024).toFixed(0)} KB`);
