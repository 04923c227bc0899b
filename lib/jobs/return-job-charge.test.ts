/**
 * A failed analysis gives its charge back by what paid for it: a Free job stops counting against
 * the month, a spent credit comes back, a card report bought signed in becomes a credit; given
 * back once, in the transaction that fails the job, however often or concurrently the failure is
 * recorded. Runs the real pipeline against a password-protected fake store through POST /api/jobs.
 * Which failures are given back, and the monthly cap: return-job-charge.cap.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { getFreeUsage } from "@/lib/billing/admission/quota";
import { markJobFailedAfterRetries } from "@/lib/pipeline/fail-job-step";
import { createKeyedUser } from "@/testing/auth/fixtures";
import { insertRunningJob } from "@/testing/enqueue-job";
import { fixtureStore, passwordStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { failJob } from "./job-state";
import { serializeJob } from "./serialize-job";

let pipeline: PipelineHarness;

beforeAll(async () => {
  pipeline = await startPipeline();
  pipeline.fakeStore.addStore(passwordStore("locked-refund.test"));
  pipeline.fakeStore.addStore(fixtureStore("open-refund.test"));
});

afterAll(async () => {
  await pipeline?.stop();
});

const creditsOf = async (userId: string) =>
  (await getDb().select({ credits: users.jobCredits }).from(users).where(eq(users.id, userId)))[0]!.credits;

const runningJob = insertRunningJob;

describe("a failed analysis gives its charge back", () => {
  it("a Free account's typo does not use up the month: three password-protected stores later, three analyses are still left", async () => {
    const { user, headers } = await createKeyedUser();
    for (let i = 0; i < 3; i++) {
      const failed = await pipeline.submitAndWait("locked-refund.test", headers);
      expect(failed).toMatchObject({ status: "failed", errorCode: "store_password_protected", paymentMethod: "plan" });
      expect(failed.chargeReturnedAt).not.toBeNull();
      expect(serializeJob(failed).charge_returned).toBe("quota");
    }
    expect((await getFreeUsage(getDb(), user.id)).used).toBe(0);

    for (let i = 0; i < 3; i++) expect((await pipeline.submitAndWait("open-refund.test", headers)).status).toBe("completed");
    const refused = await pipeline.submit({ domain: "open-refund.test" }, headers);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: "plan_limit_reached", used: 3, limit: 3 });
  });

  it("a credit spent on a store that fails is back on the account", async () => {
    const { user, headers } = await createKeyedUser({ jobCredits: 1 });
    for (let i = 0; i < 3; i++) expect((await pipeline.submitAndWait("open-refund.test", headers)).status).toBe("completed");

    const failed = await pipeline.submitAndWait("locked-refund.test", headers);
    expect(failed).toMatchObject({ status: "failed", paymentMethod: "credit" });
    expect(serializeJob(failed).charge_returned).toBe("credit");
    expect(await creditsOf(user.id)).toBe(1);
    // The returned credit pays for the next job, then the account is out.
    expect((await pipeline.submitAndWait("open-refund.test", headers)).paymentMethod).toBe("credit");
    expect(await creditsOf(user.id)).toBe(0);
  });

  it("a failure recorded again (a replayed step, the workflow's onFailure) gives nothing back twice", async () => {
    const { user } = await createKeyedUser();
    const job = await runningJob(user.id, "credit");
    expect(await failJob(job.id, { code: "store_not_found", error: "gone" })).toMatchObject({ status: "failed" });
    expect(await failJob(job.id, { code: "store_not_found", error: "gone" })).toBeNull();
    await markJobFailedAfterRetries(job.id, { message: "[store_unavailable] down" });
    expect(await creditsOf(user.id)).toBe(1);
  });

  it("twenty concurrent failures of one job return exactly one credit", async () => {
    const { user } = await createKeyedUser();
    const job = await runningJob(user.id, "credit");
    const results = await Promise.all(Array.from({ length: 20 }, () => failJob(job.id, { code: "store_blocked", error: "blocked" })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await creditsOf(user.id)).toBe(1);
  });

  it("a card report bought signed in comes back as a credit; Pro, admin retries and the monitor had nothing to give back", async () => {
    const { user } = await createKeyedUser();
    const card = await runningJob(user.id, "single_report");
    expect(serializeJob((await failJob(card.id, { code: "not_shopify", error: "no" }))!).charge_returned).toBe("credit");
    expect(await creditsOf(user.id)).toBe(1);

    for (const method of ["subscription", "admin", "monitor", "retry"]) {
      const job = await runningJob(user.id, method);
      const failed = await failJob(job.id, { code: "store_blocked", error: "blocked" });
      expect(failed!.chargeReturnedAt, method).toBeNull();
      expect(serializeJob(failed!).charge_returned, method).toBeNull();
    }
    expect(await creditsOf(user.id)).toBe(1);
  });

  it("a completed job is never given back", async () => {
    const { user, headers } = await createKeyedUser();
    const done = await pipeline.submitAndWait("open-refund.test", headers);
    expect(done).toMatchObject({ status: "completed", chargeReturnedAt: null });
    expect(await failJob(done.id, { code: "analysis_failed", error: "late" })).toBeNull();
    expect((await getFreeUsage(getDb(), user.id)).used).toBe(1);
  });
});
