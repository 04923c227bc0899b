/**
 * Whole-job benchmark: one analysis of a large store by the real server while the rest of the
 * service is probed, to see how long it stops answering and in which pipeline step.
 *
 *   npm run bench:job -- [--products=26040] [--db=pglite|postgres|both] [--interval=1000] [--probe-ms=200] [--hostile]
 *
 * Starts server.ts on the production build when there is one (`npx next build`), else
 * bench/job-host.ts (the same executor and route handlers without Next's router: next dev cannot
 * compile where node_modules lies outside the checkout), with its embedded executor running the
 * job, the fake store in a child process, and the loop-stall log in the server
 * (LOOP_STALL_LOG_FILE, server/loop-stall-log.ts) listing every stall of its event loop over
 * 50 ms on the wall clock.
 * After a small warm-up job, submits a job on a generated `--products` store (the shape of
 * bench:pipeline's: past the 25,000 listing cap) and, every `--probe-ms` from this process over
 * real HTTP (a new connection each), GETs /api/health and a small analyzed store (its page under
 * server.ts, GET /api/stores/:slug under the host), whatever is still in flight. `--interval` is SCRAPER_MIN_INTERVAL_MS (the default is the
 * service's own). Prints the job's duration, each probe target's p50 / p99 / max, the loop
 * delay, and the longest stalls, each put in the step that was running when it began (the job's
 * step_timings from GET /api/jobs/:id). Database: a throwaway PGlite directory and, with
 * `--db=both` (the default) when TEST_DATABASE_URL is set, a throwaway database on that server,
 * one after the other. Figures only, no pass/fail.
 *
 * `--hostile`: the analyzed store is instead one serving the robots.txt of 500,000 wildcards and a
 * home page asking for paths with long query strings (testing/hostile/wildcard-robots-store.ts),
 * which once held the loop for seconds per check; the probes then say whether /api/health kept
 * answering within 100 ms while it was analyzed, rendered page included, and whether the server
 * stayed up.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { argValue } from "./bench-args";

const PRODUCTS = argValue("products", 26_040);
const INTERVAL = process.argv.some((a) => a.startsWith("--interval=")) ? argValue("interval", 1000, 0) : undefined;
const PROBE_MS = argValue("probe-ms", 200);
const HOSTILE = process.argv.includes("--hostile");
const DB = process.argv.find((a) => a.startsWith("--db="))?.slice(5) ?? "both";
const WARM_UP_PRODUCTS = 300;
const TOP_STALLS = 12;

if (!["pglite", "postgres", "both"].includes(DB)) throw new Error("--db must be pglite, postgres or both");

// --db=both: each database in a process of its own, one after the other (never at once: the
// figures are the server's, and the machine's cores are shared).
if (DB === "both") {
  const rest = process.argv.slice(2).filter((a) => !a.startsWith("--db="));
  const kinds = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  if (!process.env.TEST_DATABASE_URL) console.log("(TEST_DATABASE_URL is not set: PGlite only)");
  let failed = 0;
  for (const kind of kinds) {
    const run = spawnSync(process.execPath, ["--import", "tsx", "bench/job.ts", `--db=${kind}`, ...rest], { stdio: "inherit" });
    failed += run.status === 0 ? 0 : 1;
  }
  process.exit(failed ? 1 : 0);
}

if (DB === "pglite") delete process.env.TEST_DATABASE_URL;
else if (!process.env.TEST_DATABASE_URL)
  throw new Error("--db=postgres needs TEST_DATABASE_URL (postgres://…, a server where it may create a database)");

const { provisionBenchDatabase } = await import("@/testing/test-database");
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";

const { eq } = await import("drizzle-orm");
const { closeDatabase, getDatabase, getDb } = await import("@/db");
const { users } = await import("@/db/schema");
const { prepareDatabase } = await import("@/server/prepare-database");
const { createTestApiKey, createTestUser } = await import("@/testing/auth/fixtures");
const { seedAnalyzedStore } = await import("@/testing/directory-seed");
const { generatedStore } = await import("@/testing/fake-store");
const { startFakeStoreProcess } = await import("@/testing/fake-store-process");
const { wildcardRobotsStore } = await import("@/testing/hostile/wildcard-robots-store");
const { freePort } = await import("@/testing/free-port");
const { jobEnvelopeSchema } = await import("@/lib/jobs/schemas");
type StepTiming = import("@/lib/jobs/schemas").StepTiming;

// The caller and the small analyzed store whose page is probed, written before the server opens
// the database (PGlite takes one process at a time).
await prepareDatabase(getDatabase());
const kind = getDatabase().kind;
const user = await createTestUser();
await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));
const { key: apiKey } = await createTestApiKey(user.id);
const { store: probedStore } = await seedAnalyzedStore({ domain: "bench-probed.test", products: 120 });
await closeDatabase();

const work = mkdtempSync(path.join(tmpdir(), "storelens-bench-job-"));
const stallFile = path.join(work, "loop-stalls.jsonl");
const stores = await startFakeStoreProcess();
const domain = HOSTILE ? "bench-wildcard-robots.test" : "bench-job.test";
await stores.add(HOSTILE ? wildcardRobotsStore(domain) : generatedStore(domain, { products: PRODUCTS, seed: 1 }));
await stores.add(generatedStore("bench-job-warm-up.test", { products: WARM_UP_PRODUCTS, seed: 2 }));

// server.ts needs the production build: next dev cannot compile where node_modules lies outside
// the checkout. Without one, bench/job-host.ts runs the same executor and route handlers.
const production = existsSync(".next/BUILD_ID");
const port = await freePort();
const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", production ? "server.ts" : "bench/job-host.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: "http://localhost:3000",
    AUTH_SECRET: "bench-job-secret-0123456789abcdef",
    SHOP_RESOLVE: stores.shopResolve,
    ALLOW_PRIVATE_NETWORK: "true",
    PAGESPEED_ENABLED: "false",
    APP_STORE_LOOKUPS: "false",
    ...(INTERVAL === undefined ? {} : { SCRAPER_MIN_INTERVAL_MS: String(INTERVAL) }),
    // Five probes a second from one address for minutes: the burst guard would refuse them.
    IP_BURST_LIMIT: "0",
    LOOP_STALL_LOG_FILE: stallFile,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const origin = await new Promise<string>((resolve, reject) => {
  if (production) resolve(`http://127.0.0.1:${port}`);
  let text = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    const line = /^\{"origin".*\}$/m.exec(text)?.[0];
    if (line) resolve((JSON.parse(line) as { origin: string }).origin);
  });
  server.once("exit", (code) => reject(new Error(`the server exited during start-up (${code})`)));
});
server.stdout!.resume();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; body: string; ms: number };

/** One request on a connection of its own, timed from sending to its last byte. */
function timedRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const started = performance.now();

  return new Promise((resolve) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), ms: performance.now() - started }));
      res.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - started }));
    req.end(init.body);
  });
}

async function waitUntilAnswering() {
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error("server.ts exited during start-up");
    if ((await timedRequest(`${origin}/api/health`)).status > 0) return;
    if (attempt > 1800) throw new Error("server.ts did not start within three minutes");
    await sleep(100);
  }
}

async function submitJob(target: string): Promise<string> {
  const answer = await timedRequest(`${origin}/api/jobs`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify({ domain: target }),
  });
  if (answer.status !== 201) throw new Error(`POST /api/jobs answered ${answer.status}: ${answer.body.slice(0, 300)}`);

  return jobEnvelopeSchema.parse(JSON.parse(answer.body)).job.id;
}

/** The job once it ended and its last step (notify-callbacks, after completion) has a timing. */
async function waitForJob(jobId: string) {
  for (;;) {
    const answer = await timedRequest(`${origin}/api/jobs/${jobId}`);
    if (answer.status === 200) {
      const { job } = jobEnvelopeSchema.parse(JSON.parse(answer.body));
      if (job.status === "failed" || (job.status === "completed" && job.step_timings.some((t) => t.step === "notify-callbacks")))
        return job;
    }
    if (server.exitCode !== null) throw new Error("server.ts exited during the job");
    await sleep(1000);
  }
}

type Probe = { target: string; at: number; ms: number; status: number };

/** GETs each target every `PROBE_MS`, whether or not the previous one has answered. */
function startProbes(targets: Record<string, string>) {
  const probes: Probe[] = [];
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    for (const [target, url] of Object.entries(targets)) {
      const at = Date.now();
      const probe = timedRequest(url).then(({ status, ms }) => {
        probes.push({ target, at, ms, status });
      });
      inFlight.add(probe);
      void probe.finally(() => inFlight.delete(probe));
    }
  }, PROBE_MS);

  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);

    return probes;
  };
}

type Stall = { at: number; ms: number };

function readStallLog(): { stalls: Stall[]; delay: { p50Ms: number; p99Ms: number; maxMs: number; samples: number } | null } {
  const stalls: Stall[] = [];
  let delay = null;
  const text = existsSync(stallFile) ? readFileSync(stallFile, "utf8") : "";
  for (const line of text.split("\n").filter(Boolean)) {
    const entry = JSON.parse(line) as { stall?: { at: string; ms: number }; delay?: NonNullable<typeof delay> };
    if (entry.stall) stalls.push({ at: Date.parse(entry.stall.at), ms: entry.stall.ms });
    if (entry.delay) delay = entry.delay;
  }

  return { stalls, delay };
}

/** The step whose runs' span holds the moment `at`, else where the moment lies relative to them. */
function stepAt(timings: StepTiming[], at: number): string {
  const step = timings.find((t) => Date.parse(t.started_at) <= at && at <= Date.parse(t.finished_at));
  if (step) return step.step;
  const first = Math.min(...timings.map((t) => Date.parse(t.started_at)));
  const last = Math.max(...timings.map((t) => Date.parse(t.finished_at)));

  return at < first ? "(before the first step)" : at > last ? "(after the last step)" : "(between steps)";
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const fmt = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

try {
  await waitUntilAnswering();
  const storePath = production ? `/stores/${probedStore.slug}` : `/api/stores/${probedStore.slug}`;
  const targets = { "/api/health": `${origin}/api/health`, [storePath]: `${origin}${storePath}` };
  // Every probed answer read once, and the pipeline's modules loaded by a small job.
  for (const url of Object.values(targets)) {
    const first = await timedRequest(url);
    if (first.status !== 200) throw new Error(`${url} answered ${first.status} before the job`);
  }
  const warmUp = await waitForJob(await submitJob("bench-job-warm-up.test"));
  if (warmUp.status !== "completed") throw new Error(`the warm-up job ended ${warmUp.status} (${warmUp.code})`);
  for (const url of Object.values(targets)) await timedRequest(url);
  await sleep(2000);
  rmSync(stallFile, { force: true });

  const stopProbes = startProbes(targets);
  const submittedAt = Date.now();
  const job = await waitForJob(await submitJob(domain));
  const endedAt = Date.now();
  const probes = await stopProbes();
  server.kill("SIGUSR2");
  for (let i = 0; i < 100 && !readStallLog().delay; i++) await sleep(50);
  const { stalls, delay } = readStallLog();

  const timings = job.step_timings;
  const firstStart = Math.min(...timings.map((t) => Date.parse(t.started_at)));
  const lastEnd = Math.max(...timings.map((t) => Date.parse(t.finished_at)));
  const inJob = stalls.filter((s) => s.at >= submittedAt);
  const rows: Array<[string, string]> = [
    [
      "store",
      `${HOSTILE ? "wildcard robots.txt and long-query requests" : `${PRODUCTS.toLocaleString("en-US")} products`}, SCRAPER_MIN_INTERVAL_MS ${INTERVAL ?? "default (1000)"}, database ${kind}`,
    ],
    [
      "server",
      production
        ? "server.ts on the production build"
        : "bench/job-host.ts (no production build): executor and route handlers, no Next router",
    ],
    ["job", `${job.status}${job.code ? ` (${job.code})` : ""}, ${job.counts.products ?? 0} products`],
    ["job duration (first step start → last step end)", fmt(lastEnd - firstStart)],
    ["submit → job ended and notified", fmt(endedAt - submittedAt)],
  ];
  for (const target of Object.keys(targets)) {
    const mine = probes.filter((p) => p.target === target);
    const sorted = mine.map((p) => p.ms).sort((a, b) => a - b);
    const failed = mine.filter((p) => p.status !== 200).length;
    const over = (ms: number) => sorted.filter((v) => v > ms).length;
    rows.push([
      `probe ${target}`,
      `p50 ${fmt(percentile(sorted, 50))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1) ?? NaN)}; ${mine.length} probes, ${over(100)} over 100 ms, ${over(500)} over 500 ms${failed ? `, ${failed} not 200` : ""}`,
    ]);
  }
  if (delay) rows.push(["server event loop delay (whole run)", `p50 ${delay.p50Ms} ms, p99 ${delay.p99Ms} ms, max ${delay.maxMs} ms`]);
  rows.push(["server still up after the job (never restarted)", server.exitCode === null ? "yes" : `no (exit ${server.exitCode})`]);
  rows.push(["server stalls > 50 ms during the job", `${inJob.length}, ${fmt(inJob.reduce((sum, s) => sum + s.ms, 0))} in all`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);

  // A slow probe without a stall as long waited for something else (on PGlite, the one
  // connection a step's transaction holds): it is put in the step running when it was sent.
  const slowProbes = probes.filter((p) => p.ms > 500);
  const byStep = new Map<string, { stalls: Stall[]; slow: Probe[] }>();
  const entry = (name: string) => byStep.get(name) ?? byStep.set(name, { stalls: [], slow: [] }).get(name)!;
  for (const stall of inJob) entry(stepAt(timings, stall.at)).stalls.push(stall);
  for (const probe of slowProbes) entry(stepAt(timings, probe.at)).slow.push(probe);
  const names = [...timings.map((t) => t.step), ...[...byStep.keys()].filter((name) => !timings.some((t) => t.step === name))];
  const stepWidth = Math.max(...names.map((name) => name.length));
  console.log(
    `\n${"step".padEnd(stepWidth)}  ${"time (runs)".padStart(14)}  stalls > 50 ms: count, total, longest  probes > 500 ms: count, longest`,
  );
  for (const name of names) {
    const timing = timings.find((t) => t.step === name);
    const { stalls: mine, slow } = byStep.get(name) ?? { stalls: [], slow: [] };
    const took = timing ? `${fmt(timing.duration_ms)} (${timing.runs})` : "";
    const longest = Math.max(0, ...mine.map((s) => s.ms));
    const slowest = Math.max(0, ...slow.map((p) => p.ms));
    console.log(
      `${name.padEnd(stepWidth)}  ${took.padStart(14)}  ${String(mine.length).padStart(21)}  ${fmt(mine.reduce((sum, s) => sum + s.ms, 0)).padStart(6)}  ${fmt(longest).padStart(7)}  ${String(slow.length).padStart(22)}  ${fmt(slowest).padStart(7)}`,
    );
  }

  console.log(`\nlongest stalls (s after the job's first step):`);
  for (const stall of [...inJob].sort((a, b) => b.ms - a.ms).slice(0, TOP_STALLS)) {
    console.log(
      `  ${fmt(stall.ms).padStart(8)}  at ${((stall.at - firstStart) / 1000).toFixed(1).padStart(6)} s  ${stepAt(timings, stall.at)}`,
    );
  }
  console.log(`\nslowest probes (sent at, s after the job's first step):`);
  for (const probe of [...probes].sort((a, b) => b.ms - a.ms).slice(0, TOP_STALLS)) {
    console.log(
      `  ${fmt(probe.ms).padStart(8)}  at ${((probe.at - firstStart) / 1000).toFixed(1).padStart(6)} s  ${probe.target}  ${stepAt(timings, probe.at)}`,
    );
  }
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  if (server.exitCode === null) server.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (server.exitCode === null) server.kill("SIGKILL");
  await stores.stop();
  await benchDatabase.drop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
