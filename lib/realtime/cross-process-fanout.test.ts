import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import { pipelineEnv } from "@/testing/pipeline";
import { spawnWorker } from "@/testing/spawn-worker";
import { waitFor } from "@/testing/wait-for";
import { closeJobEventHub } from "./job-event-hub";
import { startJobSocketHost, type JobSocketHost } from "@/testing/job-socket-host";
import { WS_CLOSE } from "./job-socket-server";
import { jobMessageSchema, type JobMessage } from "@/lib/jobs/job-messages";

// Any web instance can serve any job: here the job runs in ANOTHER process (a worker), and
// this process — with no executor of its own — pushes its progress to a WebSocket client,
// fanned out through PostgreSQL LISTEN/NOTIFY. PGlite is one process only: PostgreSQL runs.

const children: ChildProcess[] = [];
let fakeStore: FakeStoreServer;
let host: JobSocketHost;

beforeAll(async () => {
  fakeStore = await startFakeStore();
  fakeStore.addStore(generatedStore("fanout.test", { products: 3000, seed: 4, faults: { latencyMs: 40 } }));
  host = await startJobSocketHost();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await host?.close();
  await closeJobEventHub();
  await fakeStore?.close();
});

describe.runIf(process.env.DATABASE_URL)("progress fan-out between processes (PostgreSQL)", () => {
  it("delivers progress and completion of a job run by another process", async () => {
    const worker = spawnWorker(
      "testing/pipeline-worker.ts",
      { ...pipelineEnv(fakeStore), DATABASE_URL: process.env.DATABASE_URL!, WORKER_MODE: "start", JOB_DOMAIN: "fanout.test" },
      children,
    );
    await waitFor(() => /"jobId"/.test(worker.output()), { timeoutMs: 60_000, what: "the worker to start the job" });
    const { jobId } = JSON.parse(worker.output().trim().split("\n")[0]!) as { jobId: string };

    const socket = new WebSocket(`${host.origin}/api/ws/${jobId}`);
    const messages: JobMessage[] = [];
    socket.on("message", (data) => messages.push(jobMessageSchema.parse(JSON.parse(String(data)))));
    const code = await new Promise<number>((resolve) => socket.on("close", resolve));

    expect(code).toBe(WS_CLOSE.done);
    expect(messages.length).toBeGreaterThan(2);
    expect(messages[messages.length - 1]).toMatchObject({ type: "completed", job_id: jobId, progress: 1 });
    expect(messages.filter((m) => m.type === "progress" && m.step === "fetch-products").length).toBeGreaterThan(1);
  }, 120_000);
});
