import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { MAX_LEASE_LOSSES, WORKER_CRASHED_ERROR } from "./lease-losses";
import type { RunRecord } from "./runs";
import { spawnWorker, type SpawnedWorker } from "@/testing/spawn-worker";
import { waitFor } from "@/testing/workflow/harness";

// A step that kills the process running it (kill -9, as a hostile page did to the server) is
// taken over by the next worker once the lease expires, and kills that one too. Restarted as a
// supervisor would, the workers must not loop forever: after MAX_LEASE_LOSSES deaths the run
// fails (its onFailure handler runs), and a run that shared the queue, and the first death, completes.
const dir = mkdtempSync(path.join(tmpdir(), "storelens-crash-loop-"));
const effectsFile = path.join(dir, "effects.log");
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function worker(env: Record<string, string>): SpawnedWorker {
  const database: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { PGLITE_DIR: path.join(dir, "pglite") };

  return spawnWorker(
    "testing/workflow/crash-loop-worker.ts",
    { EFFECTS_FILE: effectsFile, LEASE_MS: "1000", ...database, ...env },
    children,
  );
}

const effects = () => {
  try {
    return readFileSync(effectsFile, "utf8").trim().split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

/** Waits for a worker to die, and checks that it was killed, not that it exited. */
async function killed(w: SpawnedWorker, which: string): Promise<void> {
  await w.exited;
  expect(w.child.signalCode, `${which} should have been killed by its step\n${w.output()}${w.errors()}`).toBe("SIGKILL");
}

it(`fails a run whose step killed its worker ${MAX_LEASE_LOSSES} times, and the run beside it completes`, async () => {
  // Worker 1 starts both runs; calm's step hangs so that it is in flight when deadly's step kills the process.
  const first = worker({ LOOP_MODE: "start", CALM_HANGS: "1" });
  const started = await waitFor(() => /\{"runIds":(\{.*\})\}/.exec(first.output()), {
    timeoutMs: 60_000,
    what: `the run ids (stderr: ${first.errors()})`,
  });
  const runIds = JSON.parse(started[1]!) as { deadly: string; calm: string };
  await killed(first, "worker 1");

  // A supervisor restarts the server; each restart takes deadly's step over and dies of it.
  const restarted: SpawnedWorker[] = [];
  for (let death = 2; death <= MAX_LEASE_LOSSES; death += 1) {
    const next = worker({ LOOP_MODE: "work" });
    restarted.push(next);
    await killed(next, `worker ${death}`);
  }

  const last = worker({ LOOP_MODE: "wait", RUN_IDS: `${runIds.deadly},${runIds.calm}` });
  const code = await last.exited;
  const details = `\neffects:\n${effects().join("\n")}\nlast worker:\n${last.output()}${last.errors()}`;
  expect(code, details).toBe(0);
  const { runs } = JSON.parse(last.output().trim().split("\n").pop()!) as { runs: RunRecord[] };
  const [deadly, calm] = runs;

  const pids = [first, ...restarted].map((w) => w.child.pid);
  // The step ran once in each killed worker, never in the last one: it was not called again.
  expect(
    effects().filter((e) => e.startsWith("deadly render")),
    details,
  ).toEqual(pids.map((pid) => `deadly render pid=${pid}`));
  expect(deadly, details).toMatchObject({ status: "failed", error: { name: WORKER_CRASHED_ERROR } });
  // The failure handler ran, with the error it can tell apart.
  expect(effects(), details).toContain(`deadly failed name=${WORKER_CRASHED_ERROR} pid=${last.child.pid}`);

  // calm was in flight when worker 1 died: it was taken over once, ran alone, and completed.
  expect(effects(), details).toContain(`calm start pid=${first.child.pid}`);
  expect(calm, details).toMatchObject({ status: "completed" });
  expect(
    effects().filter((e) => e.startsWith("calm done")),
    details,
  ).toHaveLength(1);
}, 180_000);
