// `npm start`: build once when there is no production build, compile the custom server to one
// JavaScript file, then run it in this process.
//
// In production, run it under a supervisor (systemd Restart=on-failure, Docker/Kubernetes restart
// policies, pm2) that restarts it whenever it exits non-zero. Exit codes: 0 stopped by
// SIGINT/SIGTERM; 1 could not start (settings, database in use, failed migration); 3 the database
// failed in a way the process cannot continue from (the embedded engine panicked, e.g. on a full
// disk): the next start recovers; 4 an error no code handled (an unhandled rejection or an
// uncaught exception, logged once, scrubbed; the PostgreSQL driver's known rejection is only
// logged). docs/operations.md › Running in production.
//
// Why compiled: run through the tsx loader, the server keeps the loader and every transformed
// module (with its source map) resident, about 150 MB more at idle than the same code compiled.
// Without esbuild (an install that left out dev dependencies) it falls back to tsx.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
// Prints the Node version; stops when it is older than the one pinned in package.json.
import "./require-node.mjs";

Object.assign(process.env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: running `next build` first (about a minute)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const compiled = await compileServer(path.join(".next", "custom-server"));
if (compiled) {
  await import(pathToFileURL(path.resolve(compiled)).href);
} else {
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: "inherit", env: process.env });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * server.ts and everything it imports of ours as ES modules; packages stay imports. Split at
 * dynamic imports: code loaded on first use (a job's steps, the weekly post) is a separate
 * chunk, so neither it nor the packages it imports are read at start.
 */
async function compileServer(outdir) {
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch {
    return null;
  }
  try {
    rmSync(outdir, { recursive: true, force: true });
    await esbuild.build({
      entryPoints: ["server.ts"],
      outdir,
      entryNames: "server",
      outExtension: { ".js": ".mjs" },
      splitting: true,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node24",
      packages: "external",
      tsconfig: "tsconfig.json",
      logLevel: "warning",
    });

    return path.join(outdir, "server.mjs");
  } finally {
    await esbuild.stop?.();
  }
}
