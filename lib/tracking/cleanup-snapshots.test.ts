// Snapshot cleanup drops old snapshots' rows once each report's body is stored. A report whose
// body cannot be stored (here: a snapshot row an earlier version wrote in another shape) keeps
// its rows and is tried again on the next run; the other jobs of its batch, and of the batches
// after it, are cleaned all the same.
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { jobs, renderScreenshots, reportBodies, reports, snapshotProducts, type Store } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { snapshotProductRow } from "@/testing/snapshot-product-row";
import { sendEvent, startWorkflowEngine, type WorkflowEngine } from "@/lib/workflow/engine";
import { quietLogger } from "@/lib/workflow/embedded";
import { snapshotCleanupRequested } from "@/lib/workflow/events";
import { seedAnalyzedStore, sampleProduct } from "@/testing/directory-seed";
import { cleanupSnapshots } from "@/inngest/cleanup-snapshots";
import { recordScreenshots } from "@/lib/render/record-screenshots";
import { pruneSnapshotBatch } from "./cleanup-snapshots";

const DAY = 24 * 3600_000;
let engine: WorkflowEngine;

beforeAll(async () => {
  process.env.SNAPSHOTS_KEEP_UNTRACKED = "1";
  resetEnvCache();
  engine = await startWorkflowEngine({ functions: [cleanupSnapshots], pollMs: 20, backoffMs: () => 50, log: quietLogger() });
});

afterAll(async () => {
  await engine?.stop();
  delete process.env.SNAPSHOTS_KEEP_UNTRACKED;
  resetEnvCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A completed report of `store`, older than its latest; `earlierShape` adds a product row today's schema refuses. */
async function addOldReport(store: Store, daysAgo: number, { earlierShape = false } = {}): Promise<string> {
  const at = new Date(Date.now() - daysAgo * DAY);
  const [job] = await getDb()
    .insert(jobs)
    .values({ storeId: store.id, domain: store.domain, slug: store.slug, status: "running", createdAt: at, startedAt: at })
    .returning({ id: jobs.id });
  const jobId = job!.id;
  await getDb()
    .insert(snapshotProducts)
    .values([1, 2, 3].map((i) => snapshotProductRow(jobId, sampleProduct(i))));
  if (earlierShape) {
    await getDb()
      .insert(snapshotProducts)
      .values({ ...snapshotProductRow(jobId, sampleProduct(4)), data: { id: 1_000_004, name: "written in an earlier shape" } });
  }
  await getDb().insert(reports).values({ jobId, storeId: store.id, collections: [], pages: [], metadata: {}, summary: {}, createdAt: at });
  await getDb().update(jobs).set({ status: "completed", progress: 1, completedAt: at, listingComplete: true }).where(eq(jobs.id, jobId));

  return jobId;
}

/** A store whose latest report is kept, with old reports of which one cannot be stored. */
async function storeWithOldReports(domain: string, old: number): Promise<{ good: string[]; bad: string }> {
  const { store } = await seedAnalyzedStore({ domain, products: 2 });
  const good: string[] = [];
  for (let i = 0; i < old; i += 1) good.push(await addOldReport(store, 2 + i));
  const bad = await addOldReport(store, 2 + old, { earlierShape: true });

  return { good, bad };
}

const rowsOf = async (jobIds: string[]) =>
  (
    await getDb().selectDistinct({ jobId: snapshotProducts.jobId }).from(snapshotProducts).where(inArray(snapshotProducts.jobId, jobIds))
  ).map((row) => row.jobId);
const storedBodies = async (jobIds: string[]) =>
  (await getDb().select({ jobId: reportBodies.jobId }).from(reportBodies).where(inArray(reportBodies.jobId, jobIds))).map(
    (row) => row.jobId,
  );

/** What the logger writes to stderr while `fn` runs. */
async function warnings<T>(fn: () => Promise<T>): Promise<{ result: T; output: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => lines.push(String(chunk)) > 0);
  try {
    return { result: await fn(), output: lines.join("") };
  } finally {
    spy.mockRestore();
  }
}

describe("snapshot cleanup", () => {
  it("cleans the other reports of a batch when one report's body cannot be stored, keeps that one's rows and says which", async () => {
    const { good, bad } = await storeWithOldReports("cleanup-batch.test", 3);

    const { result, output } = await warnings(() => pruneSnapshotBatch(new Date()));

    expect(result).toEqual({ jobs: 3, skipped: 1, next: null });
    expect(await rowsOf([...good, bad])).toEqual([bad]);
    expect((await storedBodies([...good, bad])).sort()).toEqual([...good].sort());
    expect(output).toContain("snapshot cleanup skipped reports whose body could not be stored");
    expect(output).toContain(bad);
    expect(output).not.toContain("written in an earlier shape");
    // Tried again on the next run, and passed over again.
    expect(await warnings(() => pruneSnapshotBatch(new Date()))).toMatchObject({ result: { jobs: 0, skipped: 1, next: null } });
    expect(await rowsOf([bad])).toEqual([bad]);
  });

  it("a report that keeps failing does not hold up the batches after it", async () => {
    const { good, bad } = await storeWithOldReports("cleanup-batches.test", 4);
    const candidates = [...good, bad].sort();
    const first = await warnings(() => pruneSnapshotBatch(new Date(), 1, null));
    let after = first.result.next;
    for (let batch = 1; after !== null && batch < 20; batch += 1) {
      after = (await warnings(() => pruneSnapshotBatch(new Date(), 1, after))).result.next;
    }

    expect(await rowsOf(candidates)).toEqual([bad]);
  });

  it("drops a day-old failed job's screenshots, never a completed report's, nor a failure's of today", async () => {
    const { store } = await seedAnalyzedStore({ domain: "cleanup-shots.test", products: 2 });
    const shots = { desktop: Buffer.from("desktop jpeg"), phone: Buffer.from("phone jpeg") };
    const runningJob = async (daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * DAY);
      const [job] = await getDb()
        .insert(jobs)
        .values({ storeId: store.id, domain: store.domain, slug: store.slug, status: "running", createdAt: at, startedAt: at })
        .returning({ id: jobs.id });
      await recordScreenshots(getDb(), job!.id, shots);

      return { id: job!.id, at };
    };
    const fail = async ({ id, at }: { id: string; at: Date }) =>
      getDb()
        .update(jobs)
        .set({ status: "failed", errorCode: "render_test", error: "failed after its render", completedAt: at })
        .where(eq(jobs.id, id));
    const oldFailure = await runningJob(2);
    await fail(oldFailure);
    const newFailure = await runningJob(0);
    await fail(newFailure);
    // An old report beyond the one kept for an untracked store: its products go, its screenshots stay.
    const oldReport = await runningJob(3);
    await getDb()
      .insert(snapshotProducts)
      .values(snapshotProductRow(oldReport.id, sampleProduct(1)));
    await getDb()
      .insert(reports)
      .values({ jobId: oldReport.id, storeId: store.id, collections: [], pages: [], metadata: {}, summary: {}, createdAt: oldReport.at });
    await getDb()
      .update(jobs)
      .set({ status: "completed", progress: 1, completedAt: oldReport.at, listingComplete: true })
      .where(eq(jobs.id, oldReport.id));
    const shotsOf = async (jobId: string) =>
      (await getDb().select({ size: renderScreenshots.size }).from(renderScreenshots).where(eq(renderScreenshots.jobId, jobId))).length;

    let after: string | null = null;
    do after = (await pruneSnapshotBatch(new Date(), 100, after)).next;
    while (after !== null);

    expect(await shotsOf(oldFailure.id)).toBe(0);
    expect(await shotsOf(newFailure.id)).toBe(2);
    expect(await shotsOf(oldReport.id)).toBe(2);
    expect(await rowsOf([oldReport.id])).toEqual([]);
    // Nothing left to find: the next run selects none of them again.
    expect(await pruneSnapshotBatch(new Date(), 100, null)).toMatchObject({ jobs: 0 });
  });

  it("the daily run completes past a report whose body cannot be stored", async () => {
    const { good, bad } = await storeWithOldReports("cleanup-cron.test", 2);
    const { result: runIds } = await warnings(async () => {
      const { runIds } = await sendEvent(snapshotCleanupRequested.create({}));
      for (const runId of runIds) await engine.executor!.waitForRun(runId, { timeoutMs: 60_000 });

      return runIds;
    });
    const run = await engine.executor!.findRun(runIds[0]!);

    expect(run?.status).toBe("completed");
    const output = run?.output as { pruned: number; skipped: number };
    expect(output.pruned).toBe(2);
    expect(output.skipped).toBeGreaterThanOrEqual(1);
    expect(await rowsOf([...good, bad])).toEqual([bad]);
  });
});
