import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores, workflowRuns } from "@/db/schema";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { redispatchStalledJobs } from "./dispatch-job";

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
  h.fakeStore.addStore(fixtureStore("stalled.test"));
});

afterAll(async () => {
  await h?.stop();
});

/** A job row as a process leaves it when it dies between writing the job and sending its event. */
async function orphanedJob(ageMs: number, concurrencyKey?: string) {
  const [store] = await getDb()
    .insert(stores)
    .values({ domain: "stalled.test", slug: "stalled-test" })
    .onConflictDoUpdate({ target: stores.slug, set: { domain: "stalled.test" } })
    .returning();
  const [job] = await getDb()
    .insert(jobs)
    .values({ storeId: store!.id, domain: "stalled.test", slug: "stalled-test", createdAt: new Date(Date.now() - ageMs), concurrencyKey })
    .returning();

  return job!;
}

describe("redispatchStalledJobs", () => {
  it("starts the workflow of a job whose event was never sent, and leaves fresh ones alone", async () => {
    const stalled = await orphanedJob(10 * 60 * 1000);
    const fresh = await orphanedJob(0);

    expect(await redispatchStalledJobs()).toBe(1);
    const done = await h.waitForJob(stalled.id);
    expect(done.status).toBe("completed");
    expect(done.dispatchedAt).not.toBeNull();

    const [untouched] = await getDb().select().from(jobs).where(eq(jobs.id, fresh.id));
    expect(untouched!.status).toBe("queued");
    expect(untouched!.dispatchedAt).toBeNull();
    expect(await redispatchStalledJobs()).toBe(0);
  });

  it("a re-sent job keeps its payer's concurrency key, so it runs under that payer's shared cap", async () => {
    // An x402 job: no user, the paying wallet's key, as admission recorded it.
    const stalled = await orphanedJob(10 * 60 * 1000, "x402:0xabc0000000000000000000000000000000000001");

    expect(await redispatchStalledJobs()).toBe(1);
    await h.waitForJob(stalled.id);
    const [run] = await getDb()
      .select({ event: workflowRuns.event })
      .from(workflowRuns)
      .where(eq(workflowRuns.eventId, `analysis-${stalled.id}`));
    expect((run?.event as { data: { concurrencyKey: string } }).data.concurrencyKey).toBe(
      "x402:0xabc0000000000000000000000000000000000001",
    );
  });
});
