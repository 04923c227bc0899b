/**
 * Pipeline benchmark: one whole job (POST /api/jobs → report → callbacks) through the embedded
 * executor on a generated fake store past the 25,000-product listing cap (collections by type
 * and vendor, product sitemaps of 5,000 URLs, a product with 100+ variants every 2,500).
 *
 *   npx tsx bench/pipeline.ts [--products=30000] [--interval=20] [--latency=0] [--in-process-store]
 *
 * interval: SCRAPER_MIN_INTERVAL_MS (production: 1000); latency: ms the fake store waits before
 * every answer. Prints wall time and its ratio to the politeness floor (store requests made ×
 * interval), the product crawl's requests against the fewest that could read the catalog
 * (computed from the fake store's own shape), the event loop's longest stall, and memory: RSS of
 * this process (executor, pipeline, database client, and PGlite when embedded) at idle after
 * start-up and a small warm-up job, its peak during the job (sampled every 50 ms) and the
 * difference, "job growth over idle", with the heap / external / arrayBuffers split at the peak.
 * The fake store runs in a child process (testing/fake-store-process.ts) so its catalog and
 * JSON answers are not counted; --in-process-store runs it here as before (figures then mix both).
 * Database: a throwaway database on the server of TEST_DATABASE_URL when set, else PGlite in
 * this process. Figures only, no pass/fail.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setFlagsFromString, writeHeapSnapshot } from "node:v8";
import { runInNewContext } from "node:vm";
import { FakeStore, generatedStore, LISTING_VARIANT_LIMIT, SITEMAP_CHUNK } from "@/testing/fake-store";
import { startFakeStoreProcess } from "@/testing/fake-store-process";
import { limitGarbageGrowth } from "@/lib/health/garbage-growth";
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const PRODUCTS = argValue("products", 30_000, 0);
const INTERVAL = argValue("interval", 20, 0);
const LATENCY = argValue("latency", 0, 0);
const IN_PROCESS_STORE = process.argv.includes("--in-process-store");
const WARM_UP_PRODUCTS = 300;
/** --heap-snapshot=<MB>: writes one heap snapshot the first time the heap passes MB during the job. */
const SNAPSHOT_OVER_MB = argValue("heap-snapshot", 0, 0);
const PAGE = 250;
const LISTING_CAP = 25_000;

// The server's own garbage policy (server/start-server.ts), so memory figures are the server's.
limitGarbageGrowth();
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";

const { and, desc, eq } = await import("drizzle-orm");
const { closeDatabase, getDatabase, getDb } = await import("@/db");
const { workflowSteps } = await import("@/db/schema");
const { prepareDatabase } = await import("@/server/prepare-database");
const { startPipeline } = await import("@/testing/pipeline");

/**
 * The fewest store requests that read every product, from what the fake store knows: the
 * listing's 100 pages, one request per product whose variant list the listing cuts, then the
 * cheapest way to the products past the cap: /collections.json and a set of whole collection
 * listings (ceil(size / 250) each) covering them, the product sitemap (index, children, one
 * request per product), or collections for some and the sitemap for the rest.
 */
function fewestRequests(store: FakeStore) {
  const shop = store.shop!;
  const catalog = shop.catalog;
  const slots = catalog.liveSlots();
  let hugeVariants = 0;
  for (const slot of slots) if (catalog.product(slot).variants.length >= LISTING_VARIANT_LIMIT) hugeVariants += 1;
  const listingPages = Math.min(Math.ceil(slots.length / PAGE), LISTING_CAP / PAGE);
  const missing = catalog.newestFirst(LISTING_CAP, Number.MAX_SAFE_INTEGER);
  // The whole catalog in the listing: it still needs its empty page to know it ended.
  if (missing.length === 0)
    return { total: listingPages + 1 + hugeVariants, route: "listing only", listingPages, hugeVariants, missing: 0 };

  const members = catalog.members(shop.collections);
  const useful = shop.collections.filter((c) => c.handle !== "all" && (members.get(c.id)?.length ?? 0) > 0);
  const bit = new Map<number, number>();
  useful.forEach((c, i) => {
    for (const slot of members.get(c.id) ?? []) bit.set(slot, (bit.get(slot) ?? 0) | (1 << i));
  });
  // Missing products grouped by the set of collections holding them.
  const byMask = new Map<number, number>();
  for (const slot of missing) byMask.set(bit.get(slot) ?? 0, (byMask.get(bit.get(slot) ?? 0) ?? 0) + 1);
  const pagesOf = (c: (typeof useful)[number]) => Math.min(LISTING_CAP / PAGE, Math.ceil((members.get(c.id)?.length ?? 0) / PAGE));
  const sitemapBase = 1 + Math.ceil(slots.length / SITEMAP_CHUNK);
  const collectionsJson = Math.max(1, Math.ceil(shop.collections.length / PAGE));
  let best = { cost: sitemapBase + missing.length, route: "sitemap + by handle" };
  if (useful.length <= 20) {
    for (let subset = 1; subset < 1 << useful.length; subset += 1) {
      let pages = collectionsJson;
      useful.forEach((c, i) => {
        if (subset & (1 << i)) pages += pagesOf(c);
      });
      let uncovered = 0;
      for (const [mask, n] of byMask) if ((mask & subset) === 0) uncovered += n;
      const cost = pages + (uncovered > 0 ? sitemapBase + uncovered : 0);
      if (cost < best.cost) {
        const names = useful.filter((_, i) => subset & (1 << i)).map((c) => c.handle);
        best = { cost, route: `collections (${names.join(", ")})${uncovered ? " + sitemap" : ""}` };
      }
    }
  }

  return { total: listingPages + hugeVariants + best.cost, route: best.route, listingPages, hugeVariants, missing: missing.length };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A full collection, so the idle figure is live memory rather than the warm-up's garbage. */
function collectGarbage() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** Median RSS of this process over `ms`, sampled every 50 ms. */
async function idleRss(ms: number) {
  const samples: number[] = [];
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) samples.push(process.memoryUsage.rss());

  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

/** Peak RSS of this process, sampled every 50 ms, with the heap / external split at that sample. */
let snapshotFile = "";
function trackPeakMemory() {
  let peak = process.memoryUsage();
  const timeline: Array<{ at: number; usage: NodeJS.MemoryUsage }> = [];
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
    if (SNAPSHOT_OVER_MB > 0 && now.heapUsed > SNAPSHOT_OVER_MB * 1024 * 1024 && !snapshotFile) {
      snapshotFile = writeHeapSnapshot();
      console.log(`heap snapshot at ${mb(now.heapUsed)} heap: ${snapshotFile}`);
    }
    if (Date.now() - (timeline.at(-1)?.at ?? 0) >= 1000) timeline.push({ at: Date.now(), usage: now });
  }, 50);

  return () => {
    clearInterval(timer);

    return { peak, timeline };
  };
}

/** The kernel's high-water mark of a process's RSS (Linux), e.g. the fake store child's. */
function highWaterMark(pid: number) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];

    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

await prepareDatabase(getDatabase());
const domain = "bench-pipeline.test";
const definition = generatedStore(domain, { products: PRODUCTS, seed: 1, faults: { latencyMs: LATENCY } });
const warmUp = generatedStore("bench-warm-up.test", { products: WARM_UP_PRODUCTS, seed: 2 });
// The same definition built here only to compute "fewest"; in child mode it is dropped before idle.
const fewest = fewestRequests(new FakeStore(definition));
const stores = IN_PROCESS_STORE ? null : await startFakeStoreProcess();
const h = await startPipeline({
  SCRAPER_MIN_INTERVAL_MS: String(INTERVAL),
  MAX_STORE_REQUESTS_PER_JOB: "1000000",
  ...(stores ? { SHOP_RESOLVE: stores.shopResolve } : {}),
});
const store = stores ? null : h.fakeStore.addStore(definition);
if (stores) {
  await stores.add(definition);
  await stores.add(warmUp);
} else {
  h.fakeStore.addStore(warmUp);
}
const counters = async () => (stores ? (await stores.summary(domain)).counters : store!.counters());

// Idle: executor started, database ready, the job route and pipeline warmed up by a small job.
const warmUpResponse = await h.submit({ domain: warmUp.domain });
const { job: warmUpJob } = (await warmUpResponse.json()) as { job: { id: string } };
await h.waitForJob(warmUpJob.id, 600_000);
await sleep(1000);
collectGarbage();
const idle = await idleRss(2000);
const idleSplit = process.memoryUsage();
if (stores) await stores.reset(domain);
else store!.resetCounters();

const loop = monitorEventLoopDelay({ resolution: 10 });
const stopPeak = trackPeakMemory();
loop.enable();
const started = performance.now();
const response = await h.submit({ domain });
const { job: submitted } = (await response.json()) as { job: { id: string } };
const job = await h.waitForJob(submitted.id, 3_600_000);
const seconds = (performance.now() - started) / 1000;
loop.disable();
const { peak, timeline } = stopPeak();

const [lastSlice] = await getDb()
  .select({ result: workflowSteps.result })
  .from(workflowSteps)
  .where(and(eq(workflowSteps.runId, job.workflowRunId ?? ""), eq(workflowSteps.name, "fetch-products")))
  .orderBy(desc(workflowSteps.seq))
  .limit(1);
const crawl = (lastSlice?.result as { data?: { crawl?: { requests?: number; collectionPlan?: unknown } } } | undefined)?.data?.crawl;
const crawlRequests = crawl?.requests ?? NaN;
const storeRequests = (await counters()).requests;
const floor = (storeRequests * INTERVAL) / 1000;
const kind = getDatabase().kind;
const storePeak = stores ? highWaterMark(stores.pid) : NaN;
if (process.argv.includes("--timeline")) {
  // Which step ran when memory grew: one line a second, heap and RSS, steps started in that second.
  const steps = await getDb()
    .select({ name: workflowSteps.name, createdAt: workflowSteps.createdAt })
    .from(workflowSteps)
    .where(eq(workflowSteps.runId, job.workflowRunId ?? ""));
  for (const [i, { at, usage }] of timeline.entries()) {
    const next = timeline[i + 1]?.at ?? Infinity;
    const names = steps.filter((s) => s.createdAt.getTime() >= at && s.createdAt.getTime() < next).map((s) => s.name);
    console.log(
      `${((at - timeline[0]!.at) / 1000).toFixed(0).padStart(4)} s  rss ${mb(usage.rss).padStart(9)}  heap ${mb(usage.heapUsed).padStart(9)}  ext ${mb(usage.external).padStart(9)}  ${names.join(" ")}`,
    );
  }
}

await h.stop();
await stores?.stop();
await closeDatabase();
await benchDatabase.drop();

const split = (m: NodeJS.MemoryUsage) =>
  `heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)} (arrayBuffers ${mb(m.arrayBuffers)})`;
const where = stores ? "executor, pipeline, database client" + (kind === "pglite" ? ", PGlite" : "") : "server, executor, fake store";
const rows: Array<[string, string]> = [
  ["store", `${PRODUCTS} products (listing cap 25,000), ${INTERVAL} ms min interval, ${LATENCY} ms latency, database ${kind}`],
  ["job", `${job.status}${job.errorCode ? ` (${job.errorCode})` : ""}, ${job.counts.products ?? 0} products`],
  ["wall time", `${seconds.toFixed(2)} s`],
  ["store requests (whole job)", String(storeRequests)],
  ["politeness floor (requests × interval)", `${floor.toFixed(2)} s`],
  ["wall time / floor", floor > 0 ? `×${(seconds / floor).toFixed(2)}` : "n/a (interval 0)"],
  ["product crawl requests", String(crawlRequests)],
  [
    "fewest that read the catalog",
    `${fewest.total} (${fewest.listingPages} listing + ${fewest.hugeVariants} variant lists + ${fewest.total - fewest.listingPages - fewest.hugeVariants} for the ${fewest.missing} past the cap: ${fewest.route})`,
  ],
  ["crawl / fewest", `×${(crawlRequests / fewest.total).toFixed(3)}`],
  [`idle RSS (${where})`, `${mb(idle)}  (${split(idleSplit)})`],
  ["peak RSS during the job", `${mb(peak.rss)}  (${split(peak)})`],
  ["job growth over idle (peak − idle)", mb(peak.rss - idle)],
  ...(stores ? ([["fake store child process, peak RSS", mb(storePeak)]] as Array<[string, string]>) : []),
  [
    "event loop: longest stall",
    `${(loop.max / 1e6).toFixed(1)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, mean ${(loop.mean / 1e6).toFixed(1)} ms)`,
  ],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
console.log(
  stores
    ? `(fake store in a child process; idle measured after a ${WARM_UP_PRODUCTS}-product warm-up job and a full GC)`
    : "(--in-process-store: the fake store's JSON generation and memory are in these figures)",
);
process.exit(0);
