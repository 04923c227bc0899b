/**
 * Progress push benchmark: latency from a job's progress write (recordJobProgress: UPDATE +
 * NOTIFY in one transaction) to the message arriving at a standard WebSocket client of
 * /api/ws/:jobId, over many jobs watched at once.
 *
 *   npx tsx bench/progress.ts [--jobs=50] [--writes=20]
 *
 * Baseline, measured in the same run: a bare WebSocket round of the same size (server send
 * → client receive, no database), so the ratio shows what the write + fan-out path adds.
 * Database: a throwaway database on the server of TEST_DATABASE_URL when set, else a
 * throwaway PGlite directory. Figures only, no pass/fail.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const JOBS = argValue("jobs", 50);
const WRITES = argValue("writes", 20);

// A throwaway database: a fresh one on the PostgreSQL server of TEST_DATABASE_URL, else PGlite.
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";

const { closeDatabase, getDb, getDatabase } = await import("@/db");
const { jobs, stores } = await import("@/db/schema");
const { recordJobProgress } = await import("@/lib/jobs/job-state");
const { closeJobEventHub } = await import("@/lib/realtime/job-event-hub");
const { createJobSocketServer } = await import("@/lib/realtime/job-socket-server");
const { prepareDatabase } = await import("@/lib/system/prepare-database");

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

/** Bare WebSocket: the server sends a timestamped message, the client measures arrival. */
async function measureBaseline(): Promise<number[]> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const port = await listen(server);
  const samples: number[] = [];
  const sockets: WebSocket[] = [];
  const serverSide: WebSocket[] = [];
  wss.on("connection", (ws) => serverSide.push(ws));
  for (let i = 0; i < JOBS; i += 1) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
    ws.on("message", (data) => samples.push(performance.now() - Number(JSON.parse(String(data)).sent)));
    sockets.push(ws);
    await new Promise((resolve) => ws.once("open", resolve));
  }
  while (serverSide.length < JOBS) await new Promise((r) => setTimeout(r, 5));
  for (let w = 0; w < WRITES; w += 1) {
    for (const ws of serverSide) ws.send(JSON.stringify({ sent: performance.now(), padding: "x".repeat(180) }));
    await new Promise((r) => setTimeout(r, 10));
  }
  while (samples.length < JOBS * WRITES) await new Promise((r) => setTimeout(r, 5));
  for (const ws of sockets) ws.close();
  wss.close();
  server.close();

  return samples;
}

async function measurePipeline(): Promise<number[]> {
  await prepareDatabase(getDatabase());
  const [store] = await getDb().insert(stores).values({ domain: "bench.test", slug: `bench-${Date.now()}` }).returning();
  const created = await getDb()
    .insert(jobs)
    .values(Array.from({ length: JOBS }, () => ({ storeId: store!.id, domain: "bench.test", slug: store!.slug })))
    .returning({ id: jobs.id });

  const server = createServer();
  const sockets = createJobSocketServer();
  server.on("upgrade", (req, socket, head) => sockets.handleUpgrade(req, socket, head) || socket.destroy());
  const port = await listen(server);

  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  const clients: WebSocket[] = [];
  for (const { id } of created) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws/${id}`);
    let first = true;
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { job_id: string; progress: number };
      if (first) return void (first = false); // the current state sent on connect
      const sent = sentAt.get(`${message.job_id}:${message.progress}`);
      if (sent !== undefined) samples.push(performance.now() - sent);
    });
    clients.push(ws);
    await new Promise((resolve) => ws.once("open", resolve));
  }
  await new Promise((r) => setTimeout(r, 200)); // every socket has received its initial state

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
  while (samples.length < JOBS * WRITES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  for (const ws of clients) ws.close();
  await sockets.close();
  server.close();
  await closeJobEventHub();

  return samples;
}

const baseline = percentiles(await measureBaseline());
const pipeline = percentiles(await measurePipeline());
const kind = getDatabase().kind;
await closeDatabase();
await benchDatabase.drop();

console.log(`progress push latency: ${JOBS} jobs watched at once × ${WRITES} writes each (database: ${kind})`);
console.log(`  baseline (bare WebSocket send)   n=${baseline.n}  p50 ${fmt(baseline.p50)}  p95 ${fmt(baseline.p95)}  p99 ${fmt(baseline.p99)}`);
console.log(`  write → /api/ws/:jobId message   n=${pipeline.n}  p50 ${fmt(pipeline.p50)}  p95 ${fmt(pipeline.p95)}  p99 ${fmt(pipeline.p99)}  max ${fmt(pipeline.max)}`);
console.log(`  ratio to baseline                p50 ×${(pipeline.p50 / baseline.p50).toFixed(1)}  p99 ×${(pipeline.p99 / baseline.p99).toFixed(1)}`);
console.log(`  messages delivered               ${pipeline.n} of ${JOBS * WRITES}  (contract: sub-second; p99 ${pipeline.p99 < 1000 ? "<" : "≥"} 1 s)`);
process.exit(0);
