import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LEASE_LOSSES } from "@/lib/workflow/embedded";
import { fixtureStore, generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import { pipelineEnv } from "@/testing/pipeline";
import { spawnWorker } from "@/testing/spawn-worker";
import { waitFor } from "@/testing/wait-for";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

// Real crashes: a worker process running the app's own functions is SIGKILLed in the middle
// of a step; a new process on the same database resumes the run from its last completed step.

const dir = mkdtempSync(path.join(tmpdir(), "storelens-pipeline-crash-"));
const children: ChildProcess[] = [];
let fakeStore: FakeStoreServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  fakeStore = await startFakeStore();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await fakeStore?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Records = {
  job: { status: string; errorCode: string | null; error: string | null; counts: Record<string, number>; completedAt: string | null };
  steps: { name: string | null; result: { data?: { crawl?: { page: number } } } }[];
  reports: number;
  callbacks: { status: string; attempts: number; error: string | null }[];
};

function worker(database: Record<string, string>, env: Record<string, string>) {
  return spawnWorker("testing/pipeline-worker.ts", { ...pipelineEnv(fakeStore), ...database, ...env }, children);
}

/** Each test gets its own database: a PGlite directory (shareable between processes one at a time) or its PostgreSQL copy. */
function databaseFor(name: string): Record<string, string> {
  return process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DIR: path.join(dir, name) };
}

async function crashAndResume(options: {
  database: Record<string, string>;
  domain: string;
  webhookUrl?: string;
  killWhen: () => boolean;
  what: string;
}): Promise<Records> {
  const first = worker(options.database, { WORKER_MODE: "start", JOB_DOMAIN: options.domain, WEBHOOK_URL: options.webhookUrl ?? "" });
  await waitFor(() => /"jobId"/.test(first.output()), { timeoutMs: 60_000, what: "the job to start" });
  const { jobId } = JSON.parse(first.output().trim().split("\n").pop()!) as { jobId: string };
  await waitFor(options.killWhen, { timeoutMs: 60_000, what: options.what });
  first.child.kill("SIGKILL");
  await first.exited;

  const second = worker(options.database, { WORKER_MODE: "resume", JOB_ID: jobId });
  const code = await second.exited;
  expect(code, second.errors()).toBe(0);

  return JSON.parse(second.output().trim().split("\n").pop()!) as Records;
}

/** Starts a worker, waits until `killWhen`, kills it with SIGKILL and waits for it to be gone. */
async function killWorkerWhen(
  database: Record<string, string>,
  env: Record<string, string>,
  killWhen: () => boolean,
  what: string,
): Promise<{ output: string }> {
  const spawned = worker(database, env);
  await waitFor(killWhen, { timeoutMs: 60_000, what: `${what} (stderr: ${spawned.errors()})` });
  spawned.child.kill("SIGKILL");
  await spawned.exited;

  return { output: spawned.output() };
}

const requestsFor = (domain: string, pathPrefix: string) =>
  fakeStore
    .store(domain)
    .log()
    .filter((entry) => entry.path.startsWith(pathPrefix));

const listingRequests = (domain: string, page: number) =>
  fakeStore
    .store(domain)
    .log()
    .filter((entry) => entry.path === `/products.json?limit=250&page=${page}`).length;

describe("analyze-store survives kill -9", () => {
  it("resumes at the product step it was in, without re-running completed steps, and completes once", async () => {
    const domain = "crashy.test";
    fakeStore.addStore(generatedStore(domain, { products: 6000, seed: 3, faults: { latencyMs: 30 } }));

    const records = await crashAndResume({
      database: databaseFor("products"),
      domain,
      killWhen: () => listingRequests(domain, 13) > 0,
      what: "the second fetch-products slice to be under way",
    });

    expect(records.job.status).toBe("completed");
    expect(records.job.counts.products).toBe(6000);
    expect(records.reports).toBe(1);
    // resolve-store and the first products slice completed before the kill (the killed
    // process was already reading page 13): neither was re-run by the new process.
    expect(requestsFor(domain, "/meta.json")).toHaveLength(1);
    const firstSlice = records.steps.find((step) => step.name === "fetch-products");
    const nextPage = firstSlice?.result.data?.crawl?.page ?? 0;
    expect(nextPage).toBeGreaterThan(5);
    expect(nextPage).toBeLessThan(13);
    for (let page = 1; page < nextPage; page += 1) {
      expect(listingRequests(domain, page), `listing page ${page}`).toBe(1);
    }
    // The interrupted slice was redone by the new process (at-least-once within a step).
    const names = records.steps.map((step) => step.name);
    expect(names.filter((name) => name === "resolve-store")).toHaveLength(1);
    expect(names.filter((name) => name === "build-report")).toHaveLength(1);
    expect(names.filter((name) => name === "notify-callbacks")).toHaveLength(1);
  }, 180_000);

  it("never sends a second webhook when the worker dies inside notify-callbacks", async () => {
    const domain = "notify-crash.test";
    fakeStore.addStore(fixtureStore(domain));
    receiver.respondWith(500, 4000);
    const before = receiver.requests.length;

    const records = await crashAndResume({
      database: databaseFor("notify"),
      domain,
      webhookUrl: receiver.url("/hooks/crash"),
      killWhen: () => receiver.requests.length > before,
      what: "the webhook request to reach the receiver",
    });

    expect(records.job.status).toBe("completed");
    expect(receiver.requests.filter((r) => r.path === "/hooks/crash")).toHaveLength(1);
    expect(records.callbacks).toHaveLength(1);
    expect(records.callbacks[0]).toMatchObject({ status: "failed", attempts: 1 });
    // Wait past the receiver's delay: still no second request.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests.filter((r) => r.path === "/hooks/crash")).toHaveLength(1);
  }, 180_000);

  it(`fails a job with worker_crashed once its step has killed the worker ${MAX_LEASE_LOSSES} times, instead of forever`, async () => {
    // The test plays the hostile page: every worker that reaches the product listing dies of it.
    const domain = "worker-killer.test";
    fakeStore.addStore(generatedStore(domain, { products: 6000, seed: 5, faults: { latencyMs: 30 } }));
    const database = databaseFor("killer");
    const listing = () => requestsFor(domain, "/products.json").length;

    const first = await killWorkerWhen(
      database,
      { WORKER_MODE: "start", JOB_DOMAIN: domain, WEBHOOK_URL: receiver.url("/hooks/killer") },
      () => listing() > 0,
      "the listing to be read",
    );
    const { jobId } = JSON.parse(first.output.trim().split("\n").pop()!) as { jobId: string };
    // Restarted as a supervisor would: each worker takes the step over and dies in it again.
    for (let death = 2; death <= MAX_LEASE_LOSSES; death += 1) {
      const seen = listing();
      await killWorkerWhen(
        database,
        { WORKER_MODE: "resume", JOB_ID: jobId },
        () => listing() > seen,
        `worker ${death} to read the listing`,
      );
    }
    const listingBefore = listing();

    const last = worker(database, { WORKER_MODE: "resume", JOB_ID: jobId });
    const code = await last.exited;
    expect(code, last.errors()).toBe(0);
    const records = JSON.parse(last.output().trim().split("\n").pop()!) as Records;

    expect(records.job).toMatchObject({ status: "failed", errorCode: "worker_crashed" });
    expect(records.job.error).toContain(`stopped its worker process ${MAX_LEASE_LOSSES} times`);
    // The step was not called again, and the job took the ordinary failed path: no webhook, its record closed.
    expect(listing()).toBe(listingBefore);
    expect(receiver.requests.filter((r) => r.path === "/hooks/killer")).toHaveLength(0);
    expect(records.callbacks).toMatchObject([{ status: "failed" }]);
    expect(records.steps.map((step) => step.name)).toEqual(["resolve-store"]);
  }, 240_000);
});
