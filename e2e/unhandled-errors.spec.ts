import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { freePort } from "../testing/free-port";
import { waitFor } from "../testing/wait-for";

/**
 * The production server as `npm start` runs it (scripts/start.mjs: the custom server compiled
 * to one file, the build of `next build`, Next's own process-error listeners installed): an
 * error no code handled ends it with exit 4 and one scrubbed log line, and the PostgreSQL
 * driver's known rejection is logged and survived. The faults come from a test-only preload
 * (testing/unhandled-fault-preload.mjs), fired by SIGUSR2 once the server answers.
 */

const TOKEN = "secret-token-123";
/** Shaped as the API keys the server issues: a prefix and 43 base64url characters. */
const API_KEY = "sl_3Xq9vLm2Rk7TzP4wYb8NcF1hJd6GsA0eUoKiQnMxWyZ";
const EXIT_UNHANDLED = 4;

type LogLine = { level?: string; msg?: string; error?: { message?: string; stack?: string }; exitCode?: number };

async function startProductionServer(faults: string[]) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...inherited,
      NODE_OPTIONS: "--import ./testing/unhandled-fault-preload.mjs",
      UNHANDLED_FAULTS: faults.join(","),
      FAULT_TOKEN: TOKEN,
      FAULT_API_KEY: API_KEY,
      PGLITE_DIR: "memory://",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: origin,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const health = () =>
    fetch(`${origin}/api/health`).then(
      (answer) => answer.status,
      () => 0,
    );
  await waitFor(async () => (await health()) === 200, { timeoutMs: 90_000, intervalMs: 250, what: "the production server" });

  return {
    health,
    /** Fires the next fault of the list in the server. */
    fault: () => server.kill("SIGUSR2"),
    exited,
    output: () => `${stdout}\n${stderr}`,
    /** The JSON log lines the server wrote to stderr. */
    logLines: (): LogLine[] =>
      stderr
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
    stop: () => server.exitCode === null && server.signalCode === null && server.kill("SIGKILL"),
  };
}

/** What any line of the server's output may never hold, whatever it logged. */
function expectScrubbed(output: string) {
  expect(output).not.toContain(TOKEN);
  expect(output).not.toContain(API_KEY);
  // Next's own listeners print the reason raw under these words: ours answered instead.
  expect(output).not.toMatch(/unhandledRejection:|Unhandled Rejection:/);
}

test.describe("errors no code handled, on the production server", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the driver's known rejection is logged and survived; any other unhandled rejection is logged once, scrubbed, and ends the process with exit 4", async () => {
    const server = await startProductionServer(["driver-defect", "rejection"]);
    try {
      server.fault();
      const warning = await waitFor(
        () => server.logLines().find((line) => line.level === "warn" && /database connection failed/.test(line.msg ?? "")),
        {
          what: "the driver defect's warning",
        },
      );
      expect(warning.msg).toMatch(/the request using it was answered/);
      // Still up, and answering.
      expect(await server.health()).toBe(200);

      server.fault();
      expect(await server.exited, server.output()).toBe(EXIT_UNHANDLED);
      const errors = server.logLines().filter((line) => line.level === "error");
      expect(errors, server.output()).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: "unhandled rejection; exiting so that a supervisor restarts the process",
        exitCode: EXIT_UNHANDLED,
      });
      expect(errors[0]!.error?.message).toBe("upstream refused Bearer [redacted] sent with key [redacted]");
      expect(errors[0]!.error?.stack).toContain("Bearer [redacted]");
      expectScrubbed(server.output());
    } finally {
      server.stop();
    }
  });

  test("an uncaught exception is logged once, scrubbed, and ends the process with exit 4", async () => {
    const server = await startProductionServer(["exception"]);
    try {
      server.fault();
      expect(await server.exited, server.output()).toBe(EXIT_UNHANDLED);
      const errors = server.logLines().filter((line) => line.level === "error");
      expect(errors, server.output()).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: "uncaught exception; exiting so that a supervisor restarts the process",
        exitCode: EXIT_UNHANDLED,
      });
      expect(errors[0]!.error?.message).toBe("callback failed for Bearer [redacted] (key [redacted])");
      expectScrubbed(server.output());
    } finally {
      server.stop();
    }
  });
});
