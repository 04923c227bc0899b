/**
 * Batch fairness benchmark: how long N single jobs of N other accounts take to complete alone,
 * and beside a batch of B domains (default 1,000) started by one more account just before them,
 * through the real routes (POST /api/jobs, POST /api/batches), the embedded executor and the fake
 * store (one small generated shop per domain, in a child process). The batch's jobs run under one
 * per-account concurrency key (`batch:<user>`, docs/batches.md › Fair scheduling), so they hold at
 * most JOB_CONCURRENCY_PER_USER step slots whatever their number; the target is a ratio within 1.3.
 * It also times the batch owner's own single job submitted beside the batch (its key is not the batch's).
 *
 *   npx tsx bench/batch-fairness.ts [--singles=10] [--batch=1000] [--products=20] [--interval=20]
 *
 * interval: SCRAPER_MIN_INTERVAL_MS, the per-store pace (production: 1000), the same for both
 * phases and for the batch's stores. Database: a throwaway database on TEST_DATABASE_URL's server
 * when set, else PGlite in this process. Prints figures and the ratio; no pass/fail.
 */
import { generatedStore } from "@/testing/fake-store";
import { startFakeStoreProcess } from "@/testing/fake-store-process";
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const SINGLES = argValue("singles", 10);
const BATCH = argValue("batch", 1_000);
const PRODUCTS = argValue("products", 20);
const INTERVAL = argValue("interval", 20, 0);

const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";

const { eq, inArray } = await import("drizzle-orm");
const { closeDatabase, getDatabase, getDb } = await import("@/db");
const { jobs, users } = await import("@/db/schema");
const { prepareDatabase } = await import("@/server/prepare-database");
const { startPipeline } = await import("@/testing/pipeline");
const { createTestApiKey, createTestUser } = await import("@/testing/auth/fixtures");
const { waitFor } = await import("@/testing/wait-for");

await prepareDatabase(getDatabase());
const stores = await startFakeStoreProcess();
const h = await startPipeline({ SCRAPER_MIN_INTERVAL_MS: String(INTERVAL), SHOP_RESOLVE: stores.shopResolve });

const shop = (domain: string, seed: number) => generatedStore(domain, { products: PRODUCTS, seed });
const singleDomains = (phase: string) => Array.from({ length: SINGLES }, (_, i) => `single-${phase}-${i + 1}.test`);
const batchDomains = Array.from({ length: BATCH }, (_, i) => `batch-store-${i + 1}.test`);
const started = performance.now();
for (const [i, domain] of [...singleDomains("alone"), ...singleDomains("beside"), "warm-up.test", "own-single.test"].entries())
  await stores.add(shop(domain, i + 1));
// Added a few at a time: the control API builds each shop on its request.
for (let i = 0; i < batchDomains.length; i += 25) {
  await Promise.all(batchDomains.slice(i, i + 25).map((domain, j) => stores.add(shop(domain, 1_000 + i + j))));
}
console.log(
  `set-up: ${SINGLES * 2 + BATCH + 1} fake shops of ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/** A Pro account with its API key: the plan is not what is measured. */
async function proAccount() {
  const user = await createTestUser();
  await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));

  return { id: user.id, key: (await createTestApiKey(user.id)).key };
}

const { POST: postJob } = await import("@/app/api/jobs/route");
const { POST: postBatch } = await import("@/app/api/batches/route");
const post = (handler: typeof postJob, path: string, key: string, body: unknown) =>
  handler(
    new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

/** N accounts submit one job each at once; answers the seconds until the last of them ended, and each one's. */
async function runSingles(domains: string[]): Promise<{ total: number; each: number[] }> {
  const accounts = await Promise.all(domains.map(() => proAccount()));
  const start = performance.now();
  const ids = await Promise.all(
    domains.map(async (domain, i) => {
      const response = await post(postJob, "/api/jobs", accounts[i]!.key, { domain });
      if (response.status !== 201) throw new Error(`POST /api/jobs answered ${response.status}: ${await response.text()}`);

      return ((await response.json()) as { job: { id: string } }).job.id;
    }),
  );
  const each = await Promise.all(ids.map(async (id) => (await h.waitForJob(id, 3_600_000), (performance.now() - start) / 1000)));
  const ended = await getDb().select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
  const failed = ended.filter((job) => job.status === "failed").length;
  if (failed > 0) console.log(`note: ${failed} of ${ids.length} single jobs failed`);

  return { total: (performance.now() - start) / 1000, each };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Warm-up: the routes, the pipeline's modules and the database's plans, before anything is timed.
const warm = await proAccount();
const warmed = await post(postJob, "/api/jobs", warm.key, { domain: "warm-up.test" });
await h.waitForJob(((await warmed.json()) as { job: { id: string } }).job.id, 600_000);

const alone = await runSingles(singleDomains("alone"));

const batchOwner = await proAccount();
const batchStart = performance.now();
const created = await post(postBatch, "/api/batches", batchOwner.key, { domains: batchDomains });
if (created.status !== 201) throw new Error(`POST /api/batches answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
const batchId = ((await created.json()) as { batch: { id: string } }).batch.id;
const admitted = (performance.now() - batchStart) / 1000;
// The batch's first jobs are running when the singles come.
await waitFor(async () => (await getDb().select({ id: jobs.id }).from(jobs).where(eq(jobs.batchId, batchId))).some(Boolean), {
  timeoutMs: 60_000,
  what: "the batch's jobs",
});
// The batch's owner's own single job, at the same time: under its own key, not behind its batch.
const ownStart = performance.now();
const own = await post(postJob, "/api/jobs", batchOwner.key, { domain: "own-single.test" });
if (own.status !== 201) throw new Error(`POST /api/jobs answered ${own.status}`);
const ownJob = h
  .waitForJob(((await own.json()) as { job: { id: string } }).job.id, 3_600_000)
  .then(() => (performance.now() - ownStart) / 1000);
const beside = await runSingles(singleDomains("beside"));
const ownSeconds = await ownJob;
const batchJobs = await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.batchId, batchId));
const batchEnded = batchJobs.filter((job) => job.status === "completed" || job.status === "failed").length;

const kind = getDatabase().kind;
await h.stop();
await stores.stop();
await closeDatabase();
await benchDatabase.drop();

const rows: Array<[string, string]> = [
  ["database", kind],
  ["per-store pace (SCRAPER_MIN_INTERVAL_MS)", `${INTERVAL} ms`],
  [`batch of ${BATCH} admitted (POST /api/batches)`, `${admitted.toFixed(2)} s`],
  [`${SINGLES} single jobs alone: all ended`, `${alone.total.toFixed(2)} s (median job ${median(alone.each).toFixed(2)} s)`],
  [`${SINGLES} single jobs beside the batch: all ended`, `${beside.total.toFixed(2)} s (median job ${median(beside.each).toFixed(2)} s)`],
  [
    "ratio beside / alone (target ≤ 1.3)",
    `${(beside.total / alone.total).toFixed(2)}× (median ${(median(beside.each) / median(alone.each)).toFixed(2)}×)`,
  ],
  ["the batch owner's own single job beside its batch", `${ownSeconds.toFixed(2)} s`],
  ["batch jobs ended meanwhile", `${batchEnded} of ${batchJobs.length}`],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
