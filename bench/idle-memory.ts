/**
 * Idle memory benchmark: starts the real server the way `npm start` does (scripts/start.mjs:
 * production build, compiled custom server, embedded executor, PGlite) on a new temporary
 * PGlite directory, waits for /api/health, makes a few page and API requests, then samples the
 * resident memory (RSS) of the server's process tree while it idles.
 *
 *   npx tsx bench/idle-memory.ts [--seconds=20] [--tsx]
 *
 * Baseline, measured in the same run: a bare `node -e` HTTP server, sampled the same way; the
 * ratio is idle RSS over that. --tsx also measures the same server run as
 * `node --import tsx server.ts` (uncompiled, how `npm start` ran it before). Needs a production
 * build (`npx next build`); figures only, no pass/fail.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@/testing/free-port";

const secondsArg = process.argv.find((a) => a.startsWith("--seconds="));
const SAMPLE_SECONDS = secondsArg ? Number(secondsArg.split("=")[1]) : 20;
if (!Number.isFinite(SAMPLE_SECONDS) || SAMPLE_SECONDS <= 0) throw new Error("--seconds must be a positive number");
const WITH_TSX = process.argv.includes("--tsx");
const WARM_UP_PATHS = ["/", "/api/health", "/stores", "/apps", "/blog", "/sign-in", "/api/openapi.json", "/api/apps", "/api/stores"];

if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npx next build` first.");
  process.exit(1);
}

/** RSS in bytes of `pid` and every process below it (start.mjs may run the server as a child). */
function treeRss(pid: number): number {
  const ps = spawnSync("ps", ["-A", "-o", "pid=,ppid=,rss="], { encoding: "utf8" });
  const rows = ps.stdout
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const inTree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of rows) {
      if (inTree.has(parent) && !inTree.has(child)) {
        inTree.add(child);
        grew = true;
      }
    }
  }

  return rows.filter(([p]) => inTree.has(p)).reduce((sum, [, , kb]) => sum + kb * 1024, 0);
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Samples the tree's RSS every 500 ms for SAMPLE_SECONDS; the median is the idle figure. */
async function sampleIdle(pid: number) {
  const samples: number[] = [];
  const end = Date.now() + SAMPLE_SECONDS * 1000;
  while (Date.now() < end) {
    samples.push(treeRss(pid));
    await new Promise((r) => setTimeout(r, 500));
  }
  const sorted = [...samples].sort((a, b) => a - b);

  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function measure(label: string, command: string[], paths: string[], extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "storelens-idle-"));
  const { DATABASE_URL: _ignored, NODE_ENV: _mode, ...inherited } = process.env;
  const env: Record<string, string | undefined> = {
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://127.0.0.1:${port}`,
    PGLITE_DIR: path.join(dir, "pglite"),
    LOG_LEVEL: "warn",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ...extraEnv,
  };
  const child = spawn(command[0]!, command.slice(1), { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "inherit"] });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}${paths[0]}`, child);
    for (const p of paths) await (await fetch(`${origin}${p}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 2000)); // let the requests' garbage settle before sampling

    return { label, ...(await sampleIdle(child.pid!)) };
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const BARE_SERVER = `require("node:http").createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1")`;
const results = [
  await measure("bare node -e http server (baseline)", [process.execPath, "-e", BARE_SERVER], ["/", "/", "/"]),
  await measure("npm start (scripts/start.mjs)", [process.execPath, "scripts/start.mjs"], ["/api/health", ...WARM_UP_PATHS]),
];
if (WITH_TSX) {
  results.push(
    await measure(
      "same server through tsx (not compiled)",
      [process.execPath, "--import", "tsx", "server.ts"],
      ["/api/health", ...WARM_UP_PATHS],
      {
        NODE_ENV: "production",
      },
    ),
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const baseline = results[0]!.median;
console.log(
  `idle RSS, median (max) of ${SAMPLE_SECONDS} s of samples after ${WARM_UP_PATHS.length} warm-up requests, fresh PGlite directory`,
);
const width = Math.max(...results.map((r) => r.label.length));
for (const r of results) {
  console.log(`${r.label.padEnd(width)}  ${mb(r.median).padStart(7)} (${mb(r.max)})  ×${(r.median / baseline).toFixed(1)} baseline`);
}
