import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import { pipelineEnv } from "@/testing/pipeline";
import { spawnWorker } from "@/testing/spawn-worker";

// The crash window of dispatchJob: a process sends the workflow event, then dies (kill -9)
// before it marks the job dispatched. The stalled-job cron sends the same event again; the
// event id de-duplicates it, so the job still gets exactly one run and one report.

const dir = mkdtempSync(path.join(tmpdir(), "storelens-dispatch-crash-"));
const children: ChildProcess[] = [];
let fakeStore: FakeStoreServer;

beforeAll(async () => {
  fakeStore = await startFakeStore();
  fakeStore.addStore(generatedStore("crashy.test", { products: 40, seed: 2 }));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await fakeStore?.close();
  rmSync(dir, { recursive: true, force: true });
});

function worker(env: Record<string, string>) {
  const database: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { PGLITE_DIR: path.join(dir, "pglite") };

  return spawnWorker("testing/pipeline-worker.ts", { ...pipelineEnv(fakeStore), ...database, ...env }, children);
}

it("kill -9 between sending the event and marking the job dispatched, then the stalled-job cron: one run, one report", async () => {
  const first = worker({ WORKER_MODE: "send-and-die", JOB_DOMAIN: "crashy.test", WORKER_ENABLED: "false" });
  await first.exited;
  expect(first.child.signalCode, first.errors()).toBe("SIGKILL");
  const { jobId } = JSON.parse(first.output().trim().split("\n")[0]!) as { jobId: string };

  const second = worker({ WORKER_MODE: "redispatch", JOB_ID: jobId });
  const code = await second.exited;
  const details = `\nworker A:\n${first.output()}${first.errors()}\nworker B:\n${second.output()}${second.errors()}`;
  expect(code, details).toBe(0);
  const lines = second.output().trim().split("\n");
  expect(JSON.parse(lines[0]!), details).toEqual({ redispatched: 1 });
  const result = JSON.parse(lines[lines.length - 1]!) as {
    job: { status: string; workflowRunId: string };
    run: { runId: string; status: string };
    reports: number;
    runsOfEvent: number;
  };

  expect(result.job.status, details).toBe("completed");
  expect(result.run.status).toBe("completed");
  expect(result.job.workflowRunId).toBe(result.run.runId);
  expect(result.runsOfEvent, details).toBe(1);
  expect(result.reports).toBe(1);
}, 180_000);
