/**
 * Load benchmark: N analysis jobs on N different fake stores, submitted at once through the
 * real POST /api/jobs route (one caller each, as N customers would), run by the embedded
 * executor with the app's own Inngest functions, paced per store like production.
 *
 *   npx tsx bench/load.ts [--jobs=50] [--interval=100] [--products=500] [--latency=0]
 *
 * interval: SCRAPER_MIN_INTERVAL_MS (min spacing of request starts to one store); products:
 * catalog size of the smallest store (store i has products + 50·i); latency: ms the fake
 * store waits before each answer. Floor of a store = its requests × interval (it can go no
 * faster than its pacing allows); the run's wall time is compared with the slowest store's
 * floor. Database: a throwaway database on TEST_DATABASE_URL's server when set, else a
 * throwaway PGlite directory. Figures, no thresholds; exits 1 only if a job failed or was refused.
 *
 * The fake stores run in a child process (testing/fake-store/cli.ts, driven through its control
 * API), so the request times they log are not skewed by this process's event loop, which runs
 * the executor, the pipeline and the database client of 50 jobs.
 */
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const JOBS = Math.max(1, argValue("jobs", 50, 0));
const INTERVAL_MS = argValue("interval", 100, 0);
const PRODUCTS = argValue("products", 500, 0);
const LATENCY_MS = argValue("latency", 0, 0);

const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "error";

const { eq } = await import("drizzle-orm");
const { closeDatabase, getDatabase, getDb } = await import("@/db");
const { users } = await import("@/db/schema");
const { prepareDatabase } = await import("@/server/prepare-database");
const { createTestApiKey, createTestUser } = await import("@/testing/auth/fixtures");
const { generatedStore } = await import("@/testing/fake-store");
const { startPipeline } = await import("@/testing/pipeline");
const { startFakeStoreProcess } = await import("@/testing/fake-store-process");

await prepareDatabase(getDatabase());
const stores = await startFakeStoreProcess();
const h = await startPipeline({ SCRAPER_MIN_INTERVAL_MS: String(INTERVAL_MS), SHOP_RESOLVE: stores.shopResolve });

const domains = Array.from({ length: JOBS }, (_, i) => `load-${i}.test`);
for (const [i, domain] of domains.entries()) {
  await stores.add(generatedStore(domain, { products: PRODUCTS + 50 * i, seed: i + 1, faults: { latencyMs: LATENCY_MS } }));
}

// One caller per job, each on a paid plan: the per-caller concurrency cap is not what is measured.
const callers: string[] = [];
for (let i = 0; i < JOBS; i += 1) {
  const user = await createTestUser();
  await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));
  callers.push((await createTestApiKey(user.id)).key);
}

const started = performance.now();
const submitted = await Promise.all(
  domains.map(async (domain, i) => {
    const response = await h.submit({ domain }, { "x-api-key": callers[i]! });
    const body = (await response.json()) as { job?: { id: string }; code?: string };

    return { domain, status: response.status, jobId: body.job?.id, code: body.code };
  }),
);
const accepted = submitted.filter((s) => s.status === 201 && s.jobId);
const ended = await Promise.all(accepted.map((s) => h.waitForJob(s.jobId!, 30 * 60_000)));
const wallMs = performance.now() - started;

type StoreFigures = { domain: string; requests: number; floorMs: number; minGapMs: number; gaps: number[]; errors: number };
const perStore: StoreFigures[] = await Promise.all(
  domains.map(async (domain) => {
    const log = await stores.log(domain);
    const starts = log.map((entry) => entry.receivedAt).sort((a, b) => a - b);
    const gaps = starts.slice(1).map((start, i) => start - starts[i]!);
    const minGapMs = Math.min(...gaps);
    const requests = log.length;

    return { domain, requests, floorMs: requests * INTERVAL_MS, minGapMs, gaps, errors: log.filter((e) => e.status >= 400).length };
  }),
);

const failed = ended.filter((job) => job.status !== "completed");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);

  return sorted.length ? `median ${seconds(sorted[Math.floor(sorted.length / 2)]!)}, max ${seconds(sorted[sorted.length - 1]!)}` : "n/a";
};
const queued = ended.map((job) => (job.startedAt ?? job.createdAt).getTime() - job.createdAt.getTime());
const running = ended.map((job) => (job.completedAt ?? job.updatedAt).getTime() - (job.startedAt ?? job.createdAt).getTime());
const rejected = submitted.filter((s) => s.status !== 201);
const slowest = perStore.reduce((a, b) => (b.floorMs > a.floorMs ? b : a));
const minGap = Math.min(...perStore.map((s) => s.minGapMs));
const allGaps = perStore.flatMap((s) => s.gaps).sort((a, b) => a - b);
const shortGaps = allGaps.filter((gap) => gap < INTERVAL_MS).length;
const storeErrors = perStore.reduce((sum, s) => sum + s.errors, 0);
const rows: Array<[string, string]> = [
  [
    "jobs",
    `${JOBS} on ${JOBS} stores (${PRODUCTS}–${PRODUCTS + 50 * (JOBS - 1)} products), ${INTERVAL_MS} ms min interval, ${LATENCY_MS} ms store latency`,
  ],
  ["database", getDatabase().kind],
  ["jobs completed", String(ended.length - failed.length)],
  ["jobs failed", `${failed.length}${failed.length ? `  (${[...new Set(failed.map((j) => j.errorCode))].join(", ")})` : ""}`],
  [
    "submissions refused",
    `${rejected.length}${rejected.length ? `  (${[...new Set(rejected.map((s) => `${s.status} ${s.code}`))].join(", ")})` : ""}`,
  ],
  ["store answers ≥ 400", String(storeErrors)],
  ["wall time", seconds(wallMs)],
  ["per job: waiting to start", spread(queued)],
  ["per job: running", spread(running)],
  ["requests (all stores)", String(perStore.reduce((sum, s) => sum + s.requests, 0))],
  [
    "slowest store's floor",
    `${(slowest.floorMs / 1000).toFixed(2)} s  (${slowest.domain}: ${slowest.requests} requests × ${INTERVAL_MS} ms)`,
  ],
  ["ratio wall / floor", (wallMs / Math.max(slowest.floorMs, 1)).toFixed(2)],
  ["min gap between requests to one store", `${minGap.toFixed(1)} ms`],
  [
    "every store paced (min gap ≥ interval)",
    minGap >= INTERVAL_MS ? "yes" : `NO: ${perStore.filter((s) => s.minGapMs < INTERVAL_MS).length} stores`,
  ],
  [
    "gaps under the interval",
    `${shortGaps} of ${allGaps.length}; 1st percentile gap ${(allGaps[Math.floor(allGaps.length / 100)] ?? NaN).toFixed(1)} ms`,
  ],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
console.log("(executor and pipeline in this process, fake stores in a child process; one caller per job)");
console.log("(gaps are arrival times as the fake store's event loop saw them: on a busy machine its own queueing shortens some)");

await h.stop();
await stores.stop();
await closeDatabase();
await benchDatabase.drop();
process.exit(failed.length || rejected.length ? 1 : 0);
