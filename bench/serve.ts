/**
 * Serving benchmark: completed reports and store pages as the server sends them, against nginx
 * sending the very same bytes from files, in the same run.
 *
 *   npm run bench:serve -- [--products=1234] [--large=26040] [--connections=8] [--duration=10] [--concurrent=20] [--large-only]
 *
 * Seeds two analyzed stores (`--products` and `--large` products), starts the real server
 * (server.ts on the last `next build`: run `npx next build` first; workers off) and reads each
 * answer once, so it is built and kept. The answers' bytes (gzip JSON, plain JSON, the report
 * page and the store page as gzip) are written to files that nginx serves (worker_processes 1,
 * `gzip_static on`: the .gz file with Content-Encoding gzip when the client accepts it, else
 * the plain file); without nginx, a bare Node server sends them from memory (labelled so).
 * Load: wrk (C, one thread) when it is installed (`apt-get install wrk`), else autocannon (which
 * parses every answer in JavaScript and so caps both sides on large bodies); `--autocannon`
 * forces it. `--connections` connections for `--duration` s per row.
 * Rows: req/s, p50, p99 and the share of the baseline's req/s.
 *
 * Then the large store: `--concurrent` simultaneous reads of its JSON (brotli, gzip, plain),
 * its report page and its CSV export, first cold (the first read builds the stored body and
 * renders the page) then kept, while a probe inside the server process (bench/loop-lag-probe.ts)
 * records the event loop's delay: the longest and the 99th percentile, and the server's RSS
 * before and after (`--large-only`: these rows alone, without the rates). Database: a throwaway database on TEST_DATABASE_URL's server when set,
 * else a throwaway PGlite directory. Figures only, no pass/fail.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { provisionBenchDatabase } from "@/testing/test-database";
import { freePort } from "@/testing/free-port";
import { rawRequest, type RawAnswer } from "@/testing/raw-request";
import { argValue } from "./bench-args";

const PRODUCTS = argValue("products", 1234);
const LARGE = argValue("large", 26_040);
const CONNECTIONS = argValue("connections", 8);
const DURATION = argValue("duration", 10);
const CONCURRENT = argValue("concurrent", 20);
const LARGE_ONLY = process.argv.includes("--large-only");

if (!existsSync(".next/BUILD_ID")) throw new Error("bench:serve measures the production server: run `npx next build` first");

const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
process.env.BASE_URL = "http://localhost:3000";
// One client address sends thousands of requests a second here: the burst guard would refuse it.
process.env.IP_BURST_LIMIT = "0";

const { closeDatabase, getDatabase } = await import("@/db");
const { prepareDatabase } = await import("@/server/prepare-database");
const { seedAnalyzedStore } = await import("@/testing/directory-seed");

const work = mkdtempSync(path.join(tmpdir(), "storelens-bench-serve-"));
const children: ChildProcess[] = [];

const getRaw = (url: string, headers: Record<string, string> = {}) => rawRequest(url, headers);

async function waitUntilAnswering(url: string, child: ChildProcess, what: string) {
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${what} exited during start-up`);
    if (
      await getRaw(url).then(
        (r) => r.status > 0,
        () => false,
      )
    )
      return;
    if (attempt > 1200) throw new Error(`${what} did not start within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) * 1024;

/** server.ts on the production build with the loop-delay probe preloaded. */
async function startServer() {
  const port = await freePort();
  const lagFile = path.join(work, "loop-lag.json");
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (where the loop goes).
  // The probe then lists the stalls over 40 ms in loop-gaps.txt beside it: `node bench/profile-stalls.mjs <dir>`.
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const gaps = profileDir ? { LOOP_GAPS_FILE: path.join(profileDir, "loop-gaps.txt") } : {};
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "--import", "./bench/loop-lag-probe.ts", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKER_ENABLED: "false",
      AUTH_SECRET: "bench-serve-secret-0123456789abcdef",
      LOOP_LAG_FILE: lagFile,
      ...gaps,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, "server.ts");

  return {
    url,
    rss: () => rssOf(child.pid!),
    /** The loop delay since the last call (the probe answers SIGUSR2 by writing its file). */
    async loopLag(): Promise<{ maxMs: number; p99Ms: number }> {
      rmSync(lagFile, { force: true });
      child.kill("SIGUSR2");
      for (let i = 0; i < 100 && !existsSync(lagFile); i++) await new Promise((resolve) => setTimeout(resolve, 20));

      return JSON.parse(readFileSync(lagFile, "utf8")) as { maxMs: number; p99Ms: number };
    },
  };
}

/** nginx on the files, one worker, in the foreground; or a bare Node server sending them from memory. */
async function startBaseline(dir: string): Promise<{ url: string; label: string }> {
  const port = await freePort();
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));
  if (nginx) {
    const conf = path.join(dir, "nginx.conf");
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
    writeFileSync(
      conf,
      `worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  types { text/html html; application/json json; }
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
    gzip_vary on;
    etag on;
  }
}
`,
    );
    const child = spawn(nginx, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
    children.push(child);
    await waitUntilAnswering(`http://127.0.0.1:${port}/report.json`, child, "nginx");
    const version = spawnSync(nginx, ["-v"], { encoding: "utf8" }).stderr.trim();

    return { url: `http://127.0.0.1:${port}`, label: `${version.replace("nginx version: ", "")}, 1 worker` };
  }
  const script = path.join(dir, "static-server.mjs");
  writeFileSync(
    script,
    `import { createServer } from "node:http";
import { readFileSync, readdirSync } from "node:fs";
const files = new Map(readdirSync(${JSON.stringify(dir)}).map((name) => [name, readFileSync(${JSON.stringify(dir)} + "/" + name)]));
const types = { json: "application/json", html: "text/html" };
createServer((req, res) => {
  const name = req.url.slice(1);
  const gz = /gzip/.test(req.headers["accept-encoding"] ?? "") && files.has(name + ".gz");
  const bytes = files.get(gz ? name + ".gz" : name);
  if (!bytes) return res.writeHead(404).end();
  const etag = '"' + name + bytes.length + '"';
  if (req.headers["if-none-match"] === etag) return res.writeHead(304, { etag }).end();
  res.writeHead(200, { "content-type": types[name.split(".").pop()], "content-length": bytes.length, etag, vary: "Accept-Encoding", ...(gz ? { "content-encoding": "gzip" } : {}) });
  res.end(bytes);
}).listen(${port}, "127.0.0.1");
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  await waitUntilAnswering(`http://127.0.0.1:${port}/report.json`, child, "static server");

  return { url: `http://127.0.0.1:${port}`, label: "nginx not installed: a bare Node server sending the files from memory" };
}

type LoadResult = { requests: { average: number }; latency: { p50: number; p99: number } };

const WRK = !process.argv.includes("--autocannon") && spawnSync("wrk", ["--version"]).error === undefined;
const LOADER = WRK ? "wrk (one thread)" : "autocannon";

/** wrk's figures: requests per second and the latency distribution, in milliseconds. */
function loadWithWrk(url: string, headers: Record<string, string>): LoadResult {
  const flags = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const run = spawnSync("wrk", ["-t1", `-c${CONNECTIONS}`, `-d${DURATION}s`, "--latency", ...flags, url], { encoding: "utf8" });
  const out = run.stdout ?? "";
  if (/Non-2xx or 3xx responses|Socket errors/.test(out) || run.status !== 0)
    throw new Error(`${url}: wrk reported errors\n${out}${run.stderr ?? ""}`);
  const ms = (percent: string) => {
    const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)$`, "m").exec(out);
    if (!match) throw new Error(`${url}: no ${percent}% latency in wrk's output\n${out}`);
    const factor = { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];

    return Math.round(Number(match[1]) * factor * 100) / 100;
  };
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(out);
  if (!rate) throw new Error(`${url}: no rate in wrk's output\n${out}`);

  return { requests: { average: Number(rate[1]) }, latency: { p50: ms("50"), p99: ms("99") } };
}

/** `notModified`: every answer is expected to be a 304 (which autocannon counts as non-2xx). */
async function load(url: string, headers: Record<string, string>, notModified = false): Promise<LoadResult> {
  if (WRK) return loadWithWrk(url, headers);
  const result: Result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const unexpected = notModified ? result["2xx"] : result.non2xx;
  if (unexpected > 0 || result.errors > 0) throw new Error(`${url}: ${unexpected} unexpected answers, ${result.errors} errors`);

  return result;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : mb(bytes));
const cell = (r: LoadResult) =>
  `${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms`;

try {
  await prepareDatabase(getDatabase());
  console.log(`seeding: analyzed stores of ${PRODUCTS} and ${LARGE} products …`);
  // Completed 40 days ago: public, so the answers kept have no publication deadline.
  const analyzedAt = new Date(Date.now() - 40 * 24 * 3600_000);
  const small = await seedAnalyzedStore({ domain: "bench-serve.test", products: PRODUCTS, descriptionBytes: 400, analyzedAt });
  const large = await seedAnalyzedStore({ domain: "bench-serve-large.test", products: LARGE, descriptionBytes: 400, analyzedAt });
  // PGlite admits one process per directory: the server opens it after us.
  await closeDatabase();

  const server = await startServer();
  const rssIdle = server.rss();
  const paths = {
    json: `/api/reports/${small.jobId}`,
    page: `/reports/${small.jobId}`,
    store: `/stores/${small.store.slug}`,
  };
  // First reads (build the stored body, render the pages), then the answers as kept.
  for (const p of Object.values(paths)) await getRaw(server.url + p, { "accept-encoding": "gzip" });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const gzipJson = await getRaw(server.url + paths.json, { "accept-encoding": "gzip" });
  const plainJson = await getRaw(server.url + paths.json);
  const pageGzip = await getRaw(server.url + paths.page, { "accept-encoding": "gzip" });
  const pagePlain = await getRaw(server.url + paths.page);
  const storeGzip = await getRaw(server.url + paths.store, { "accept-encoding": "gzip" });
  const storePlain = await getRaw(server.url + paths.store);
  const kept = (raw: RawAnswer) => /'sha256-/.test(String(raw.headers["content-security-policy"]));
  if (!kept(pageGzip) || !kept(storeGzip)) console.log("warning: the pages were not answered from memory (their policy carries a nonce)");

  const files = path.join(work, "files");
  mkdirSync(files);
  // nginx started by root reads files as an unprivileged user: the temp directory is private by default.
  chmodSync(work, 0o755);
  writeFileSync(path.join(files, "report.json"), plainJson.bytes);
  writeFileSync(path.join(files, "report.json.gz"), gzipJson.bytes);
  writeFileSync(path.join(files, "report.html"), pagePlain.bytes);
  writeFileSync(path.join(files, "report.html.gz"), pageGzip.bytes);
  writeFileSync(path.join(files, "store.html"), storePlain.bytes);
  writeFileSync(path.join(files, "store.html.gz"), storeGzip.bytes);
  const baseline = await startBaseline(files);
  const baselineEtag = String((await getRaw(`${baseline.url}/report.json`, { "accept-encoding": "gzip" })).headers.etag);

  console.log(
    `\nreport of ${PRODUCTS} products: JSON ${kb(plainJson.bytes.length)} (gzip ${kb(gzipJson.bytes.length)}), report page ${kb(pagePlain.bytes.length)} (gzip ${kb(pageGzip.bytes.length)}), store page ${kb(storePlain.bytes.length)} (gzip ${kb(storeGzip.bytes.length)})`,
  );
  console.log(
    `baseline: ${baseline.label}; load: ${LOADER}, ${CONNECTIONS} connections, ${DURATION} s per row; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n`,
  );
  const gzip = { "accept-encoding": "gzip" };
  const rows: [string, string, Record<string, string>, string, Record<string, string>, boolean?][] = [
    ["GET /api/reports/:id, gzip", paths.json, gzip, "/report.json", gzip],
    ["GET /api/reports/:id, plain JSON", paths.json, {}, "/report.json", {}],
    [
      "If-None-Match → 304",
      paths.json,
      { ...gzip, "if-none-match": String(gzipJson.headers.etag) },
      "/report.json",
      { ...gzip, "if-none-match": baselineEtag },
      true,
    ],
    ["GET /reports/:id (HTML, gzip)", paths.page, gzip, "/report.html", gzip],
    ["GET /stores/:slug (HTML, gzip)", paths.store, gzip, "/store.html", gzip],
  ];
  console.log(`${"".padEnd(34)} ${"server.ts".padEnd(42)} ${"baseline".padEnd(42)} ratio`);
  for (const [label, ours, oursHeaders, theirs, theirsHeaders, notModified] of LARGE_ONLY ? [] : rows) {
    const base = await load(baseline.url + theirs, theirsHeaders, notModified);
    const app = await load(server.url + ours, oursHeaders, notModified);
    console.log(
      `${label.padEnd(34)} ${cell(app)}   ${cell(base)}   ${((100 * app.requests.average) / base.requests.average).toFixed(1).padStart(5)} %`,
    );
  }

  // The large store: everything at once, cold then kept, with the loop watched.
  const big = {
    json: `/api/reports/${large.jobId}`,
    page: `/reports/${large.jobId}`,
    csv: `/api/free-export?slug=${large.store.slug}&format=csv`,
  };
  const reads: [string, string, Record<string, string>][] = [
    ["JSON, brotli", big.json, { "accept-encoding": "br" }],
    ["JSON, gzip", big.json, gzip],
    ["JSON, plain", big.json, {}],
    ["report page", big.page, gzip],
    ["CSV export", big.csv, gzip],
  ];
  const rssBefore = server.rss();
  console.log(
    `\nstore of ${LARGE} products: ${CONCURRENT} simultaneous reads of each answer below; event loop delay inside the server (monitorEventLoopDelay, 10 ms resolution)`,
  );
  await server.loopLag();
  for (const round of ["cold (first read)", "kept"]) {
    for (const [label, p, headers] of reads) {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => getRaw(server.url + p, headers)));
      const ms = performance.now() - started;
      const bad = answers.filter((answer) => answer.status !== 200).length;
      const lag = await server.loopLag();
      console.log(
        `${`${round}, ${label}`.padEnd(30)} ${kb(answers[0]!.bytes.length).padStart(8)} each, all ${CONCURRENT} in ${ms.toFixed(0).padStart(6)} ms${bad ? ` (${bad} not 200)` : ""}   loop delay max ${String(lag.maxMs).padStart(5)} ms, p99 ${String(lag.p99Ms).padStart(4)} ms   RSS ${mb(server.rss())}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await server.loopLag();
  }
  const rssAfter = server.rss();
  console.log(
    `\nserver RSS: ${mb(rssIdle)} idle (started), ${mb(rssBefore)} before the large reads, ${mb(rssAfter)} after (${mb(rssAfter - rssIdle)} over idle)`,
  );
  console.log(`load average at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
} finally {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
  await closeDatabase().catch(() => {});
  await benchDatabase.drop();
}
