import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { WORKER_CRASHED_ERROR } from "@/lib/workflow/embedded/lease-losses";
import { markJobFailedAfterRetries } from "./fail-job-step";

async function queuedJob(domain: string) {
  const slug = domain.replace(/\./g, "-");
  const [store] = await getDb().insert(stores).values({ domain, slug }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain, slug, status: "queued" }).returning();

  return job!;
}

const publicError = async (jobId: string) => (await getDb().select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

describe("markJobFailedAfterRetries: the public job error", () => {
  it("never shows the internal addresses of an error of ours (database, network)", async () => {
    const job = await queuedJob("retries-exhausted.test");
    await markJobFailedAfterRetries(job.id, { message: "connect ECONNREFUSED 10.0.0.5:5432 (also tried [fd00::7]:5432)" });

    const failed = await publicError(job.id);
    expect(failed).toMatchObject({ status: "failed", errorCode: "analysis_failed" });
    expect(failed.error).toContain("ECONNREFUSED [address]");
    expect(failed.error).not.toMatch(/10\.0\.0\.5|fd00/);
  });

  it("keeps a coded store failure's code and message", async () => {
    const job = await queuedJob("coded-failure.test");
    await markJobFailedAfterRetries(job.id, {
      message: "[store_unavailable] coded-failure.test did not answer reliably: server error (503)",
    });

    expect(await publicError(job.id)).toMatchObject({
      status: "failed",
      errorCode: "store_unavailable",
      error: "coded-failure.test did not answer reliably: server error (503)",
    });
  });

  it("gives a run failed for killing its worker too often its own code", async () => {
    const job = await queuedJob("worker-crashed.test");
    await markJobFailedAfterRetries(job.id, {
      name: WORKER_CRASHED_ERROR,
      message: "the step's worker process died or stalled past its lease 3 times while running it; it is not run again",
    });

    const failed = await publicError(job.id);
    expect(failed).toMatchObject({ status: "failed", errorCode: "worker_crashed" });
    expect(failed.error).toContain("stopped its worker process 3 times");
  });
});
