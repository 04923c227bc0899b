/**
 * Low storage through the real routes and the embedded worker, with the free-space reading
 * injected through STORAGE_FREE_BYTES_FILE: new jobs are refused with 503 storage_low, reads
 * go on, accepted work waits, and everything resumes when space is back, without a restart.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";
import { enqueueJob } from "@/testing/enqueue-job";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

const dir = mkdtempSync(path.join(tmpdir(), "storelens-storage-"));
const reading = path.join(dir, "free-bytes");
const MB = 1024 * 1024;
const setFreeBytes = (bytes: number) => writeFileSync(reading, String(bytes));

let pipeline: PipelineHarness;

beforeAll(async () => {
  setFreeBytes(50_000 * MB);
  pipeline = await startPipeline({ STORAGE_FREE_BYTES_FILE: reading, STORAGE_MIN_FREE_MB: "512" });
  pipeline.fakeStore.addStore(fixtureStore("space.test"));
  pipeline.fakeStore.addStore(fixtureStore("waiting.test"));
});

afterAll(async () => {
  await pipeline?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function health() {
  const { GET } = await import("@/app/api/health/route");
  const response = await GET(new Request("http://localhost:3000/api/health"), { params: Promise.resolve({}) });

  return { status: response.status, body: await response.json() };
}

async function findJob(id: string) {
  const { GET } = await import("@/app/api/jobs/route");
  const response = await GET(new Request(`http://localhost:3000/api/jobs?id=${id}`), { params: Promise.resolve({}) });

  return { status: response.status, body: await response.json() };
}

const jobStatus = async (id: string) => (await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

it("refuses new jobs with 503 storage_low, keeps reads and holds accepted work while space is low, then resumes", async () => {
  const before = await pipeline.submit({ domain: "space.test" });
  expect(before.status, await before.clone().text()).toBe(201);
  const done = (await before.json()).job.id as string;
  await pipeline.waitForJob(done);

  setFreeBytes(100 * MB);
  const refused = await pipeline.submit({ domain: "space.test" });
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await refused.json()).toMatchObject({ code: "storage_low" });
  expect(await getDb().select({ id: jobs.id }).from(jobs).where(eq(jobs.domain, "space.test"))).toHaveLength(1);

  // Reads go on; health says why new work waits.
  const read = await findJob(done);
  expect(read.status).toBe(200);
  expect(read.body.job).toMatchObject({ id: done, status: "completed" });
  const degraded = await health();
  expect(degraded.status).toBe(200);
  expect(degraded.body).toMatchObject({ status: "degraded", reasons: [{ code: "storage_low" }] });

  // Work accepted before space ran low is not started: the worker claims no step.
  const waiting = await enqueueJob("waiting.test");
  await new Promise((r) => setTimeout(r, 1500));
  expect(await jobStatus(waiting.id)).toBe("queued");

  setFreeBytes(10_000 * MB);
  expect((await pipeline.waitForJob(waiting.id, 30_000)).status).toBe("completed");
  expect((await health()).body).toMatchObject({ status: "ok" });
  expect((await health()).body.reasons).toBeUndefined();
  const accepted = await pipeline.submit({ domain: "space.test" });
  expect(accepted.status, await accepted.clone().text()).toBe(201);
}, 90_000);
