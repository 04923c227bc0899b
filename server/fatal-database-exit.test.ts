import { spawn } from "node:child_process";
import { expect, it } from "vitest";
import { freePort } from "@/testing/free-port";

// The embedded engine panics on a full disk (real PGlite, its WAL writes failing with ENOSPC):
// the server must not stay up half-alive but log one line and exit non-zero, for a supervisor.
it("exits with code 3 and one clear log line when the embedded database panics", async () => {
  const { DATABASE_URL: _omit, ...inherited } = process.env;
  const server = spawn(process.execPath, ["--import", "tsx", "--import", "./testing/database/full-disk-preload.ts", "server.ts"], {
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "info", PGLITE_DIR: "memory://", HOST: "127.0.0.1", PORT: String(await freePort()) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // Only a hang is killed: on 2 busy cores starting the server (tsx, PGlite) alone took over 30 s.
  const timer = setTimeout(() => server.kill("SIGKILL"), 90_000);
  const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
  clearTimeout(timer);

  expect(code, `${stdout}\n${stderr}`).toBe(3);
  const errors = stderr.split("\n").filter((line) => line.startsWith("[error]"));
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/database failed fatally; exiting so that a supervisor restarts the process/);
  expect(errors[0]).toMatch(/No space left on device/);
  expect(stderr).not.toMatch(/failed to start/);
}, 120_000);
