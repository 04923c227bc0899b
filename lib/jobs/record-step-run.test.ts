/**
 * A step's run is recorded on its job also once the job has completed (the steps after
 * build-report run then), while the completed job itself still never changes: its other fields
 * and the runs already recorded stay as they are.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores, type StepRun } from "@/db/schema";
import { recordStepRun } from "./record-step-run";

async function completedJob(domain: string) {
  const slug = domain.replace(/\./g, "-");
  const [store] = await getDb().insert(stores).values({ domain, slug }).returning();
  const [job] = await getDb()
    .insert(jobs)
    .values({ storeId: store!.id, domain, slug, status: "completed", progress: 1, completedAt: new Date() })
    .returning();

  return job!;
}

const run = (step: string): StepRun => ({
  step,
  attempt: 0,
  startedAt: "2026-11-26T10:00:00.000Z",
  finishedAt: "2026-11-26T10:00:01.000Z",
  ms: 1000,
  ok: true,
});

describe("recording a step's run", () => {
  it("appends runs to a completed job and keeps its other fields frozen", async () => {
    const job = await completedJob("timed-after.test");
    await recordStepRun(job.id, run("store-report-body"));
    await recordStepRun(job.id, run("notify-callbacks"));

    const [stored] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored!.stepRuns.map((r) => r.step)).toEqual(["store-report-body", "notify-callbacks"]);
    expect(stored!.updatedAt).toEqual(job.updatedAt);

    await expect(getDb().update(jobs).set({ progress: 0.5 }).where(eq(jobs.id, job.id))).rejects.toThrow();
    await expect(getDb().update(jobs).set({ stepRuns: [] }).where(eq(jobs.id, job.id))).rejects.toThrow();
  });
});
