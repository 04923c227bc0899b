import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { startJobSocketHost, type JobSocketHost } from "@/testing/job-socket-host";
import { WS_CLOSE } from "./job-socket-server";
import { closeJobEventHub } from "./job-event-hub";
import { jobMessageSchema, type JobMessage } from "@/lib/jobs/job-messages";

// The push channels end to end: a real HTTP server owning the upgrade (as server.ts does),
// a standard WebSocket client, and the real pipeline writing progress.

let h: PipelineHarness;
let host: JobSocketHost;

beforeAll(async () => {
  h = await startPipeline();
  h.fakeStore.addStore(generatedStore("live.test", { products: 1500, seed: 9, faults: { latencyMs: 15 } }));
  host = await startJobSocketHost();
});

afterAll(async () => {
  await host?.close();
  await closeJobEventHub();
  await h?.stop();
});

function watch(jobId: string) {
  const socket = new WebSocket(`${host.origin}/api/ws/${jobId}`);
  const messages: JobMessage[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.on("message", (data) => messages.push(jobMessageSchema.parse(JSON.parse(String(data)))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );

  return { messages, opened, closed };
}

async function submit(domain: string) {
  const response = await h.submit({ domain });
  const { job } = (await response.json()) as { job: { id: string } };

  return job.id;
}

describe("GET /api/ws/:jobId", () => {
  it("sends the current state, every progress write, a terminal message, then closes cleanly", async () => {
    const jobId = await submit("live.test");
    const client = watch(jobId);
    await client.opened;
    const { code } = await client.closed;

    expect(code).toBe(WS_CLOSE.done);
    const { messages } = client;
    expect(messages.length).toBeGreaterThan(3);
    expect(messages[0]!.job_id).toBe(jobId);
    const last = messages[messages.length - 1]!;
    expect(last).toMatchObject({ type: "completed", status: "completed", progress: 1 });
    expect(messages.slice(0, -1).every((m) => m.type === "progress")).toBe(true);
    const steps = new Set(messages.map((m) => m.step));
    expect(steps).toContain("fetch-products");
    // Progress only moves forward.
    const progress = messages.map((m) => m.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(messages.some((m) => (m.counts.products ?? 0) > 0 && m.type === "progress")).toBe(true);
  });

  it("answers a finished job with its terminal state and closes", async () => {
    const jobId = await submit("live.test");
    await h.waitForJob(jobId);
    const client = watch(jobId);
    const { code } = await client.closed;
    expect(code).toBe(WS_CLOSE.done);
    expect(client.messages).toHaveLength(1);
    expect(client.messages[0]!.type).toBe("completed");
  });

  it("closes with 4404 for an unknown job", async () => {
    const client = watch("00000000-0000-4000-8000-000000000000");
    const { code, reason } = await client.closed;
    expect(code).toBe(WS_CLOSE.unknownJob);
    expect(reason).toBe("job not found");
    expect(client.messages).toEqual([]);
  });
});

describe("GET /api/jobs/:id/events (SSE fallback)", () => {
  it("streams the same messages and ends after the terminal one", async () => {
    const jobId = await submit("live.test");
    const { GET } = await import("@/app/api/jobs/[id]/events/route");
    const response = await GET(new Request(`http://localhost:3000/api/jobs/${jobId}/events`), {
      params: Promise.resolve({ id: jobId }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");

    const text = await response.text(); // the stream ends after the terminal message
    const events = text
      .split("\n\n")
      .filter((block) => block.includes("data: "))
      .map((block) => jobMessageSchema.parse(JSON.parse(block.split("data: ")[1]!)));
    expect(events[events.length - 1]).toMatchObject({ type: "completed", job_id: jobId });
    expect(text).toMatch(/^event: (progress|completed)\n/);
  });

  it("answers 404 with the error body for an unknown job", async () => {
    const { GET } = await import("@/app/api/jobs/[id]/events/route");
    const id = "00000000-0000-4000-8000-000000000000";
    const response = await GET(new Request(`http://localhost:3000/api/jobs/${id}/events`), { params: Promise.resolve({ id }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});
