import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { RunRecord, StepRecord } from "./runs";
import { spawnWorker } from "@/testing/spawn-worker";
import { waitFor } from "@/testing/workflow/harness";

// The REAL crash test: a worker process is SIGKILLed while step 2 runs; a new process
// on the same database takes the run over once the lease expires.
const dir = mkdtempSync(path.join(tmpdir(), "storelens-crash-"));
const effectsFile = path.join(dir, "effects.log");
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function worker(env: Record<string, string>) {
  // Same database as this test file: its PostgreSQL copy, or a PGlite directory (an in-memory
  // PGlite cannot be shared with another process).
  const database: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { PGLITE_DIR: path.join(dir, "pglite") };

  return spawnWorker("testing/workflow/crash-worker.ts", { EFFECTS_FILE: effectsFile, LEASE_MS: "1000", ...database, ...env }, children);
}

const effects = () => {
  try {
    return readFileSync(effectsFile, "utf8").trim().split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

it("resumes a run after kill -9 without re-running completed steps", async () => {
  const first = worker({ CRASH_MODE: "start", SLOW_STEP2: "1" });
  const started = await waitFor(() => /\{"runId":"(\w+)"\}/.exec(first.output()), {
    timeoutMs: 60_000,
    what: `the run id (stderr: ${first.errors()})`,
  });
  const runId = started[1]!;
  await waitFor(() => effects().some((e) => e.startsWith("step-2 start")), { timeoutMs: 30_000, what: "step 2 to start" });

  first.child.kill("SIGKILL");
  await first.exited;
  const pidA = first.child.pid;

  const second = worker({ CRASH_MODE: "resume", RUN_ID: runId });
  const code = await second.exited;
  expect(code, second.errors()).toBe(0);
  const { run, steps } = JSON.parse(second.output().trim().split("\n").pop()!) as { run: RunRecord; steps: StepRecord[] };
  const pidB = second.child.pid;

  const details = `\nworker A:\n${first.output()}${first.errors()}\nworker B:\n${second.output()}${second.errors()}`;
  expect(run.status, details).toBe("completed");
  // Step 1 ran once, in the killed process; its memoised result was replayed to the new one.
  expect(run.output, details).toEqual({ one: { pid: pidA }, two: { pid: pidB }, three: "three" });
  expect(effects(), details).toEqual([
    `step-1 pid=${pidA}`,
    `step-2 start pid=${pidA}`, // interrupted: at-least-once, as in Inngest
    `step-2 start pid=${pidB}`,
    `step-2 done pid=${pidB}`,
    `step-3 pid=${pidB}`,
  ]);
  expect(steps.map((s) => s.name)).toEqual(["step-1", "step-2", "step-3"]);
}, 120_000);
