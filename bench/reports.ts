/**
 * Report serving benchmark: requests per second, p50 and p99 of GET /api/reports/:id for a
 * completed 5,000-product report, under autocannon (same connections and duration for each).
 *
 *   npm run bench:reports -- [--products=5000] [--connections=10] [--duration=10]
 *
 * Baseline, measured in the same run: a bare Node static server (bench/report-server.ts
 * --mode=static) sending the very bytes our route sent, with the same Content-Encoding, so the
 * ratio is what our route costs over copying the bytes to the socket. Also measured: the
 * previous behavior (every product loaded, validated and serialized per request), and the
 * report server's RSS before and after the load. The report is served by the real server
 * (server.ts, production build: run `npx next build` first); without a build, by the route
 * handler alone in its own process (bench/report-server.ts --mode=app), without Next in front.
 * The previous behavior is always measured through the handler alone.
 * Database: a throwaway database on the server of TEST_DATABASE_URL when set, else a throwaway
 * PGlite directory. Figures only, no pass/fail.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { get, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";
import { freePort } from "@/testing/free-port";

const PRODUCTS = argValue("products", 5000);
const CONNECTIONS = argValue("connections", 10);
const DURATION = argValue("duration", 10);

const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
process.env.BASE_URL = "http://localhost:3000";
// One client address sends thousands of requests a second here: the burst guard would refuse it.
process.env.IP_BURST_LIMIT = "0";

const { closeDatabase, getDatabase } = await import("@/db");
const { prepareDatabase } = await import("@/server/prepare-database");
const { seedAnalyzedStore } = await import("@/testing/directory-seed");

type Server = { child: ChildProcess; url: string; rss(): Promise<number>; stop(): Promise<void> };

/** The production server (server.ts on the last `next build`), workers off, on a free port. */
async function startRealServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKER_ENABLED: "false",
      AUTH_SECRET: "bench-reports-secret-0123456789abcdef",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, "exit");
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error("server.ts exited during start-up");
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (attempt > 600) throw new Error("server.ts did not start within a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    child,
    url,
    rss: async () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? NaN) * 1024,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function startServer(args: string[]): Promise<Server> {
  const child = fork(path.join(import.meta.dirname, "report-server.ts"), args, {
    execArgv: ["--import", "tsx"],
    env: process.env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [message] = (await once(child, "message")) as [{ port: number }];
  const ask = async () => {
    child.send("rss");
    const [reply] = (await once(child, "message")) as [{ rss: number }];

    return reply.rss;
  };

  return {
    child,
    url: `http://127.0.0.1:${message.port}`,
    rss: ask,
    async stop() {
      const exited = once(child, "exit");
      child.disconnect();
      await exited;
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `revalidation`: every answer is expected to be a 304 (which autocannon counts as non-2xx). */
async function load(url: string, headers: Record<string, string>, revalidation = false): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const unexpected = revalidation ? result["2xx"] : result.non2xx;
  if (unexpected > 0 || result.errors > 0) throw new Error(`${url}: ${unexpected} unexpected answers, ${result.errors} errors`);

  return result;
}

const row = (label: string, r: Result, baseline?: Result) =>
  `${label.padEnd(40)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms` +
  (baseline ? `   ${((100 * r.requests.average) / baseline.requests.average).toFixed(0).padStart(4)} % of static` : "");

const work = mkdtempSync(path.join(tmpdir(), "storelens-bench-reports-"));
const servers: Server[] = [];
try {
  await prepareDatabase(getDatabase());
  console.log(`seeding: a completed report of ${PRODUCTS} products …`);
  const { jobId } = await seedAnalyzedStore({ domain: "bench-reports.test", products: PRODUCTS, descriptionBytes: 400 });
  // PGlite admits one process per directory: the report servers open it after us.
  await closeDatabase();

  const real = existsSync(".next/BUILD_ID");
  const app = real ? await startRealServer() : await startServer(["--mode=app"]);
  servers.push(app);
  console.log(real ? "report server: server.ts on the production build" : "report server: the route handler alone (no `next build` found)");
  const reportUrl = `${app.url}/api/reports/${jobId}`;
  const rssBefore = await app.rss();
  // Raw bytes as sent (fetch would decode them); the first read builds and stores the body.
  const getRaw = (headers: Record<string, string>) =>
    new Promise<{ bytes: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
      get(reportUrl, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ bytes: Buffer.concat(parts), headers: res.headers }));
        res.on("error", reject);
      }).on("error", reject);
    });
  const started = performance.now();
  const first = await getRaw({ "accept-encoding": "gzip" });
  const firstMs = performance.now() - started;
  const raw = first.bytes;
  const identityBytes = (await getRaw({})).bytes;
  console.log(
    `report: ${PRODUCTS} products, ${mb(identityBytes.length)} JSON, ${mb(raw.length)} gzip; first read (builds and stores the body) ${firstMs.toFixed(0)} ms`,
  );
  writeFileSync(path.join(work, "report.json.gz"), raw);
  writeFileSync(path.join(work, "report.json"), identityBytes);
  const common = {
    "content-type": "application/json",
    etag: String(first.headers.etag),
    "cache-control": String(first.headers["cache-control"]),
  };
  const staticGzip = await startServer([
    "--mode=static",
    `--file=${path.join(work, "report.json.gz")}`,
    `--headers=${JSON.stringify({ ...common, "content-encoding": "gzip" })}`,
  ]);
  const staticPlain = await startServer([
    "--mode=static",
    `--file=${path.join(work, "report.json")}`,
    `--headers=${JSON.stringify(common)}`,
  ]);
  servers.push(staticGzip, staticPlain);

  const gzip = { "accept-encoding": "gzip" };
  const plain = { "accept-encoding": "identity" };
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each\n`);
  const baseGzip = await load(`${staticGzip.url}/report`, gzip);
  console.log(row("static server, gzip bytes", baseGzip));
  const appGzip = await load(reportUrl, gzip);
  console.log(row("GET /api/reports/:id, gzip", appGzip, baseGzip));
  const revalidate = await load(reportUrl, { ...gzip, "if-none-match": common.etag }, true);
  console.log(row("GET /api/reports/:id, If-None-Match → 304", revalidate, baseGzip));
  const basePlain = await load(`${staticPlain.url}/report`, plain);
  console.log(row("static server, plain JSON", basePlain));
  const appPlain = await load(reportUrl, plain);
  console.log(row("GET /api/reports/:id, plain JSON", appPlain, basePlain));
  const rssAfter = await app.rss();
  await app.stop();
  servers.splice(servers.indexOf(app), 1);

  const rebuild = await startServer(["--mode=rebuild"]);
  servers.push(rebuild);
  const rebuildUrl = `${rebuild.url}/api/reports/${jobId}`;
  const rebuildBefore = await rebuild.rss();
  const before = await load(rebuildUrl, plain);
  console.log(row("before: whole report built per request", before, basePlain));
  const rebuildAfter = await rebuild.rss();

  console.log(
    `\nreport server RSS: ${mb(rssBefore)} before load, ${mb(rssAfter)} after (built per request: ${mb(rebuildBefore)} → ${mb(rebuildAfter)})`,
  );
  console.log(
    `target: ≥ 50 % of the static baseline's requests per second; gzip ${((100 * appGzip.requests.average) / baseGzip.requests.average).toFixed(0)} %, plain ${((100 * appPlain.requests.average) / basePlain.requests.average).toFixed(0)} %`,
  );
} finally {
  for (const server of servers) await server.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
  await closeDatabase().catch(() => {});
  await benchDatabase.drop();
}
