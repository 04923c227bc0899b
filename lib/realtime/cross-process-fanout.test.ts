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

    // Two watchers of the same job: each notification is serialized once and sent to both.
    const watch = () => {
      const socket = new WebSocket(`${host.origin}/api/ws/${jobId}`);
      const received: JobMessage[] = [];
      socket.on("message", (data) => received.push(jobMessageSchema.parse(JSON.parse(String(data)))));
      const closed = new Promise<number>((resolve) => socket.on("close", resolve));

      return { received, closed };
    };
    const [first, second] = [watch(), watch()];
    const [code, secondCode] = await Promise.all([first.closed, second.closed]);
    const messages = first.received;

    expect([code, secondCode]).toEqual([WS_CLOSE.done, WS_CLOSE.done]);
    // Both saw the job end, with the same messages from whenever each joined.
    expect(second.received[second.received.length - 1]).toEqual(messages[messages.length - 1]);
    expect(messages.filter((m) => m.type === "progress").map((m) => m.at)).toEqual(
      expect.arrayContaining(
        second.received
          .filter((m) => m.type === "progress")
          .slice(1)
          .map((m) => m.at),
      ),
    );
    expect(messages.length).toBeGreaterThan(2);
    expect(messages[messages.length - 1]).toMatchObject({ type: "completed", job_id: jobId, progress: 1 });
    expect(messages.filter((m) => m.type === "progress" && m.step === "fetch-products").length).toBeGreaterThan(1);
  }, 120_000);
});
