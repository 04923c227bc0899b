/**
 * analyze_store with MCP progress, through the official MCP client on both revisions (2025-11-25
 * after initialize, and 2026-07-28 pinned): with a progressToken the call waits for the job,
 * sending strictly increasing progress, and answers the ended job; without one it answers at
 * once as before. The wait is bounded (MCP_PROGRESS_WAIT_MS), holds a progress-connection slot
 * (none free: the admitted job at once), and a client that cancels gives its slot back.
 */
import type { Client } from "@modelcontextprotocol/client";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { closeJobEventHub } from "@/lib/realtime/job-event-hub";
import { progressConnections } from "@/lib/realtime/progress-connections";
import { apiKeyHeader } from "@/testing/auth/fixtures";
import { generatedStore, passwordStore } from "@/testing/fake-store";
import { connectMcp, MCP_REVISIONS, startMcpHost, toolJson } from "@/testing/mcp-host";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import type { RouteHost } from "@/testing/route-host";
import { waitFor } from "@/testing/wait-for";
import { waitingCalls } from "./waiting-calls";

type Progress = { progress: number; total?: number; message?: string };
type AnsweredJob = { job: { id: string; status: string; progress: number; code: string | null } };

const ADDRESS = "127.0.0.1";
let h: PipelineHarness;
let host: RouteHost;
const clients: Client[] = [];
const releases: (() => void)[] = [];

beforeAll(async () => {
  h = await startPipeline();
  host = await startMcpHost();
});

afterEach(() => {
  for (const release of releases.splice(0)) release();
  delete process.env.MCP_PROGRESS_WAIT_MS;
  delete process.env.PROGRESS_CONNECTIONS_PER_ADDRESS;
  resetEnvCache();
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await host?.close();
  await closeJobEventHub();
  await h?.stop();
});

function setEnv(values: Record<string, string>): void {
  Object.assign(process.env, values);
  resetEnvCache();
}

/** A fresh store for one test; `hold` keeps its listing unanswered until the test's end (or its own release). */
function store(domain: string, { hold = false } = {}): () => void {
  h.fakeStore.addStore(generatedStore(domain, { products: 4, seed: 7 }));
  if (!hold) return () => {};
  const release = h.fakeStore.store(domain).holdRequests(/products\.json/);
  releases.push(release);

  return release;
}

async function analyze(c: Client, domain: string, options: { progress?: Progress[]; signal?: AbortSignal } = {}) {
  const { progress, signal } = options;
  const result = await c.callTool(
    { name: "analyze_store", arguments: { domain } },
    { ...(progress ? { onprogress: (p: Progress) => void progress.push(p) } : {}), ...(signal ? { signal } : {}), timeout: 60_000 },
  );
  const answer = toolJson<AnsweredJob>(result);
  expect(answer.isError, JSON.stringify(answer.body)).toBe(false);

  return answer.body.job;
}

describe.each(MCP_REVISIONS)("analyze_store with a progressToken (%s)", (revision) => {
  const tag = revision === "2026-07-28" ? "modern" : "legacy";
  let c: Client;

  beforeAll(async () => {
    c = await connectMcp(host.origin, apiKeyHeader(h.apiKey), revision);
    clients.push(c);
  });

  it("the client speaks the revision under test", () => {
    expect(c.getNegotiatedProtocolVersion()).toBe(revision);
  });

  it("sends strictly increasing progress until the job completes, and answers the completed job", async () => {
    const domain = `progress-${tag}.test`;
    store(domain);
    const progress: Progress[] = [];
    const job = await analyze(c, domain, { progress });

    expect(job.status).toBe("completed");
    expect(progress.length).toBeGreaterThanOrEqual(3);
    for (const [i, p] of progress.entries()) {
      expect(p.total).toBe(100);
      expect(typeof p.message).toBe("string");
      if (i > 0) expect(p.progress).toBeGreaterThan(progress[i - 1]!.progress);
    }
    expect(progress.at(-1)).toMatchObject({ progress: 100, message: "completed" });
    expect(progress.some((p) => p.message?.startsWith("running: "))).toBe(true);
    // The agent goes straight to the report.
    const report = toolJson<{ job: { id: string } }>(await c.callTool({ name: "get_report", arguments: { id: job.id } }));
    expect(report.isError, JSON.stringify(report.body)).toBe(false);
    expect(report.body.job.id).toBe(job.id);
  });

  it("without a progressToken answers the admitted job at once, as before", async () => {
    const domain = `no-token-${tag}.test`;
    const release = store(domain, { hold: true });
    const job = await analyze(c, domain);

    expect(["queued", "running"]).toContain(job.status);
    release();
    expect((await h.waitForJob(job.id)).status).toBe("completed");
  });

  it("answers the job as it stands, still running, once MCP_PROGRESS_WAIT_MS has passed", async () => {
    setEnv({ MCP_PROGRESS_WAIT_MS: "1" });
    const domain = `short-wait-${tag}.test`;
    const release = store(domain, { hold: true });
    const job = await analyze(c, domain, { progress: [] });

    expect(["queued", "running"]).toContain(job.status);
    expect(progressConnections().open(ADDRESS)).toBe(0);
    release();
    expect((await h.waitForJob(job.id)).status).toBe("completed");
  });

  it("a job that fails ends the wait with the failed job", async () => {
    const domain = `locked-${tag}.test`;
    h.fakeStore.addStore(passwordStore(domain));
    const progress: Progress[] = [];
    const job = await analyze(c, domain, { progress });

    expect(job.status).toBe("failed");
    expect(job.code).toEqual(expect.any(String));
    expect(progress.at(-1)).toMatchObject({ progress: 100, message: `failed: ${job.code}` });
  });

  it("with no progress slot free, answers the admitted job at once and sends no progress", async () => {
    setEnv({ PROGRESS_CONNECTIONS_PER_ADDRESS: "1" });
    releases.push(progressConnections().acquire(ADDRESS));
    const domain = `no-slot-${tag}.test`;
    const release = store(domain, { hold: true });
    const progress: Progress[] = [];
    const job = await analyze(c, domain, { progress });

    expect(["queued", "running"]).toContain(job.status);
    expect(progress).toEqual([]);
    // Admitted (and charged) all the same: the job is there and runs.
    expect(await getDb().$count(jobs, eq(jobs.id, job.id))).toBe(1);
    release();
    expect((await h.waitForJob(job.id)).status).toBe("completed");
  });

  it("a client that cancels stops the wait and gives its slot back", async () => {
    setEnv({ PROGRESS_CONNECTIONS_PER_ADDRESS: "1" });
    const domain = `cancelled-${tag}.test`;
    const release = store(domain, { hold: true });
    const progress: Progress[] = [];
    const abort = new AbortController();
    const call = analyze(c, domain, { progress, signal: abort.signal }).then(
      () => "answered",
      () => "cancelled",
    );

    // The first notification: the server is waiting, on the caller's one slot.
    await waitFor(() => progress.length > 0, { what: "the first progress notification" });
    expect(progressConnections().open(ADDRESS)).toBe(1);
    abort.abort();
    expect(await call).toBe("cancelled");
    await waitFor(() => progressConnections().open(ADDRESS) === 0, { what: "the cancelled call's slot" });
    expect(waitingCalls().size()).toBe(0);

    // The slot is free again: the next call waits with progress on it.
    const next = `after-cancel-${tag}.test`;
    store(next);
    const nextProgress: Progress[] = [];
    expect((await analyze(c, next, { progress: nextProgress })).status).toBe("completed");
    expect(nextProgress.at(-1)).toMatchObject({ progress: 100 });
    release();
    const [cancelled] = await getDb().select().from(jobs).where(eq(jobs.domain, domain));
    expect((await h.waitForJob(cancelled!.id)).status).toBe("completed");
  });

  it("a client that goes away stops the wait and gives its slot back", async () => {
    const domain = `gone-${tag}.test`;
    const release = store(domain, { hold: true });
    const leaving = await connectMcp(host.origin, apiKeyHeader(h.apiKey), revision);
    const progress: Progress[] = [];
    const call = analyze(leaving, domain, { progress }).then(
      () => "answered",
      () => "gone",
    );

    await waitFor(() => progress.length > 0, { what: "the first progress notification" });
    expect(progressConnections().open(ADDRESS)).toBe(1);
    await leaving.close();
    expect(await call).toBe("gone");
    await waitFor(() => progressConnections().open(ADDRESS) === 0, { what: "the departed client's slot" });
    expect(waitingCalls().size()).toBe(0);
    release();
    const [left] = await getDb().select().from(jobs).where(eq(jobs.domain, domain));
    expect((await h.waitForJob(left!.id)).status).toBe("completed");
  });
});
