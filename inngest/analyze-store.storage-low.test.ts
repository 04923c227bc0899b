/**
 * A job caught by low storage mid-way does not wait for space for good: the worker claims no
 * step while space is low, and once it has been low for STORAGE_LOW_MAX_WAIT_MINUTES a job that
 * has not moved for as long fails `storage_low` and its rows are dropped. The free-space reading
 * comes from STORAGE_FREE_BYTES_FILE; the wait is crossed with an installed clock, not by sleeping.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobArtifacts, jobs, snapshotProducts, snapshotUsage } from "@/db/schema";
import { installTimeSource } from "@/lib/time-of-record";
import { readStorage } from "@/lib/health/storage-space";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";

const dir = mkdtempSync(path.join(tmpdir(), "storelens-storage-wait-"));
const reading = path.join(dir, "free-bytes");
const MB = 1024 * 1024;
const setFreeBytes = (bytes: number) => writeFileSync(reading, String(bytes));

let pipeline: PipelineHarness;

beforeAll(async () => {
  setFreeBytes(50_000 * MB);
  pipeline = await startPipeline({ STORAGE_FREE_BYTES_FILE: reading, STORAGE_MIN_FREE_MB: "512", STORAGE_LOW_MAX_WAIT_MINUTES: "60" });
});

afterAll(async () => {
  installTimeSource(null);
  await pipeline?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const jobRow = async (id: string) => (await getDb().select().from(jobs).where(eq(jobs.id, id)))[0]!;
const rowsOf = async (table: typeof snapshotProducts | typeof jobArtifacts | typeof snapshotUsage, jobId: string) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.jobId, jobId))
  )[0]!.n;

it("fails a job that has waited on low storage past the bound with storage_low and drops its rows", async () => {
  const store = pipeline.fakeStore.addStore(fixtureStore("stuck.test"));
  // Space runs out while the job reads its collections, after its products are stored.
  store.beforeServing(/^\/collections\.json/, () => setFreeBytes(100 * MB));
  const response = await pipeline.submit({ domain: "stuck.test" });
  expect(response.status).toBe(201);
  const jobId = ((await response.json()) as { job: { id: string } }).job.id;

  // The step in flight finishes; no further step is claimed.
  await waitFor(async () => (await jobRow(jobId)).counts.collections !== undefined, {
    timeoutMs: 30_000,
    what: "fetch-collections to finish",
  });
  expect((await readStorage()).lowSince).not.toBeNull();
  expect(await jobRow(jobId)).toMatchObject({ status: "running" });
  expect(await rowsOf(snapshotProducts, jobId)).toBe(22);

  // Two hours later, space is still low.
  const hours = 2 * 60 * 60 * 1000;
  installTimeSource(() => new Date(Date.now() + hours));
  const failed = await waitFor(
    async () => {
      const job = await jobRow(jobId);

      return job.status === "failed" ? job : null;
    },
    { timeoutMs: 30_000, what: "the waiting job to fail" },
  );

  expect(failed).toMatchObject({ errorCode: "storage_low" });
  expect(failed.error).toMatch(/60 minutes/);
  // The rows go right after the failure is recorded, in their own transaction.
  await waitFor(async () => (await rowsOf(snapshotProducts, jobId)) === 0, {
    timeoutMs: 30_000,
    what: "the failed job's rows to be dropped",
  });
  expect(await rowsOf(jobArtifacts, jobId)).toBe(0);
  expect(await rowsOf(snapshotUsage, jobId)).toBe(0);

  // Space comes back: the run goes on to its end, and the job stays failed.
  installTimeSource(null);
  setFreeBytes(50_000 * MB);
  const ended = await pipeline.waitForJob(jobId, 30_000);
  expect(ended).toMatchObject({ status: "failed", errorCode: "storage_low" });
});
