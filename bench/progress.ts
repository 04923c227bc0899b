/**
 * Progress push benchmark: latency from a job's progress write (recordJobProgress: UPDATE +
 * NOTIFY in one transaction) to the message arriving at a standard WebSocket client of
 * /api/ws/:jobId, over many jobs watched at once.
 *
 *   npx tsx bench/progress.ts [--jobs=50] [--writes=20] [--watchers=<jobs>] [--processes=1]
 *
 * watchers: WebSocket clients in all, spread evenly over the jobs (each job watched by
 * watchers / jobs clients); processes: web processes serving them, the clients split evenly
 * between them. Process 1 is this one, which also makes the writes; the others are child
 * processes (bench/progress-host.ts) on the same database, reached through PostgreSQL
 * LISTEN/NOTIFY as another web instance would be (so more than one needs TEST_DATABASE_URL).
 * Every latency is measured on this process's clock: write start → arrival at a client here.
 *
 * Baseline, measured in the same run: a bare WebSocket round of the same size (server send
 * → client receive, no database), so the ratio shows what the write + fan-out path adds.
 * Database: a throwaway database on the server of TEST_DATABASE_URL when set, else a
 * throwaway PGlite directory. Figures only, no pass/fail.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import WebSocket, { WebSocketServer } from "ws";
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const JOBS = argValue("jobs", 50);
const WRITES = argValue("writes", 20);
const WATCHERS = argValue("watchers", JOBS);
const PROCESSES = argValue("processes", 1);
if (WATCHERS % JOBS !== 0) throw new Error("--watchers must be a multiple of --jobs");
if (PROCESSES > 1 && !process.env.TEST_DATABASE_URL)
  throw new Error("--processes above 1 needs TEST_DATABASE_URL (PGlite is one process only)");

// A throwaway database: a fresh one on the PostgreSQL server of TEST_DATABASE_URL, else PGlite.
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";

const { closeDatabase, getDb, getDatabase } = await import("@/db");
const { jobs, stores } = await import("@/db/schema");
const { recordJobProgress } = await import("@/lib/jobs/job-state");
const { closeJobEventHub } = await import("@/lib/realtime/job-event-hub");
const { createJobSocketServer } = await import("@/lib/realtime/job-socket-server");
const { ProgressConnections } = await import("@/lib/realtime/progress-connections");
const { prepareDatabase } = await import("@/server/prepare-database");

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? NaN };
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function listen(server: ReturnType<typeof createServer>) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return (server.address() as AddressInfo).port;
}

/**
 * Bare WebSocket: the server sends a timestamped message, the client measures arrival. Same
 * shape as the measured path: per "write", one message to each watcher of one job, then a turn
 * of the event loop; each message timed from its own send.
 */
async function measureBaseline(): Promise<number[]> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const port = await listen(server);
  const samples: number[] = [];
  const sockets: WebSocket[] = [];
  const serverSide: WebSocket[] = [];
  wss.on("connection", (ws) => serverSide.push(ws));
  for (let i = 0; i < WATCHERS; i += 1) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
    ws.on("message", (data) => samples.push(performance.now() - Number(JSON.parse(String(data)).sent)));
    sockets.push(ws);
    await new Promise((resolve) => ws.once("open", resolve));
  }
  while (serverSide.length < WATCHERS) await new Promise((r) => setTimeout(r, 5));
  const perJob = WATCHERS / JOBS;
  for (let w = 0; w < WRITES; w += 1) {
    for (let job = 0; job < JOBS; job += 1) {
      for (const ws of serverSide.slice(job * perJob, (job + 1) * perJob))
        ws.send(JSON.stringify({ sent: performance.now(), padding: "x".repeat(180) }));
      await new Promise((r) => setImmediate(r));
    }
  }
  while (samples.length < WATCHERS * WRITES) await new Promise((r) => setTimeout(r, 5));
  for (const ws of sockets) ws.close();
  wss.close();
  server.close();

  return samples;
}

async function measurePipeline(): Promise<{ samples: number[]; perProcess: number[][] }> {
  await prepareDatabase(getDatabase());
  const [store] = await getDb()
    .insert(stores)
    .values({ domain: "bench.test", slug: `bench-${Date.now()}` })
    .returning();
  const created = await getDb()
    .insert(jobs)
    .values(Array.from({ length: JOBS }, () => ({ storeId: store!.id, domain: "bench.test", slug: store!.slug })))
    .returning({ id: jobs.id });

  const server = createServer();
  const sockets = createJobSocketServer({ connections: new ProgressConnections({ perAddress: WATCHERS, total: WATCHERS }) });
  server.on("upgrade", (req, socket, head) => sockets.handleUpgrade(req, socket, head) || socket.destroy());
  const port = await listen(server);
  const origins = [`ws://127.0.0.1:${port}`, ...(await startOtherProcesses(PROCESSES - 1))];

  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  const perProcess = origins.map((): number[] => []);
  const clients: WebSocket[] = [];
  for (let i = 0; i < WATCHERS; i += 1) {
    const id = created[i % JOBS]!.id;
    const where = i % origins.length;
    const ws = new WebSocket(`${origins[where]}/api/ws/${id}`);
    let first = true;
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { job_id: string; progress: number };
      if (first) return void (first = false); // the current state sent on connect
      const sent = sentAt.get(`${message.job_id}:${message.progress}`);
      if (sent === undefined) return;
      const latency = performance.now() - sent;
      samples.push(latency);
      perProcess[where]!.push(latency);
    });
    clients.push(ws);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
  }
  await new Promise((r) => setTimeout(r, 500)); // every socket has received its initial state

  for (let w = 1; w <= WRITES; w += 1) {
    const progress = Number((w / (WRITES + 1)).toFixed(4));
    // Writes interleave across jobs, as workers do; each is timed from its own start, so the
    // figure is write + NOTIFY + fan-out + socket, not time spent queued behind other writes.
    for (const { id } of created) {
      sentAt.set(`${id}:${progress}`, performance.now());
      await recordJobProgress(id, { step: "fetch-products", progress, counts: { products: w * 250 } });
      // Clients live in this process: let the event loop read their sockets between writes
      // (PGlite resolves in microtasks and would otherwise starve I/O, unlike a real worker).
      await new Promise((r) => setImmediate(r));
    }
  }
  const deadline = Date.now() + 30_000;
  while (samples.length < WATCHERS * WRITES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  for (const ws of clients) ws.close();
  await sockets.close();
  server.close();
  await closeJobEventHub();
  for (const child of hosts) child.kill("SIGTERM");

  return { samples, perProcess };
}

const hosts: ChildProcess[] = [];

/** Starts `count` other web processes on this database; resolves to their WebSocket origins. */
async function startOtherProcesses(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(process.execPath, ["--import", "tsx", "bench/progress-host.ts"], {
        env: { ...process.env, PROGRESS_CONNECTIONS_PER_ADDRESS: String(WATCHERS), PROGRESS_CONNECTIONS_MAX: String(WATCHERS) },
        stdio: ["ignore", "pipe", "inherit"],
      });
      hosts.push(child);
      let out = "";
      return new Promise<string>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split("\n").find((l) => l.startsWith("{"));
          if (line) resolve((JSON.parse(line) as { origin: string }).origin);
        });
        child.once("exit", (code) => reject(new Error(`progress host exited (${code}) before listening`)));
      });
    }),
  );
}

const baseline = percentiles(await measureBaseline());
const measured = await measurePipeline();
const pipeline = percentiles(measured.samples);
const kind = getDatabase().kind;
await closeDatabase();
await benchDatabase.drop();

console.log(
  `progress push latency: ${JOBS} jobs × ${WRITES} writes each, ${WATCHERS} watchers over ${PROCESSES} process(es) (database: ${kind}); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `  baseline (bare WebSocket send)   n=${baseline.n}  p50 ${fmt(baseline.p50)}  p95 ${fmt(baseline.p95)}  p99 ${fmt(baseline.p99)}`,
);
console.log(
  `  write → /api/ws/:jobId message   n=${pipeline.n}  p50 ${fmt(pipeline.p50)}  p95 ${fmt(pipeline.p95)}  p99 ${fmt(pipeline.p99)}  max ${fmt(pipeline.max)}`,
);
console.log(
  `  ratio to baseline                p50 ×${(pipeline.p50 / baseline.p50).toFixed(1)}  p99 ×${(pipeline.p99 / baseline.p99).toFixed(1)}`,
);
console.log(
  `  messages delivered               ${pipeline.n} of ${WATCHERS * WRITES}  (contract: sub-second; p99 ${pipeline.p99 < 1000 ? "<" : "≥"} 1 s)`,
);
measured.perProcess.forEach((samples, i) => {
  const p = percentiles(samples);
  const label = `process ${i + 1} ${i === 0 ? "(writes here)" : "(LISTEN/NOTIFY)"}`;
  console.log(`  ${label.padEnd(33)}n=${p.n}  p50 ${fmt(p.p50)}  p95 ${fmt(p.p95)}  p99 ${fmt(p.p99)}`);
});
process.exit(0);
