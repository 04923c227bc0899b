/**
 * Failed analyses cannot be farmed: a store that turns a job away while it is checked gives the
 * charge back at most three times per account and calendar month; a store that made us do the
 * work first (past the storage budget, a crawl that ran long, a failure once its products were
 * being read) never does; a failure of ours always does, past the cap too, and is not counted in
 * it. The cap holds under concurrent failures. Runs the real pipeline through POST /api/jobs for
 * the stores' answers, and the real failing transaction (failJob) for the rest.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, users } from "@/db/schema";
import { getFreeUsage } from "@/lib/billing/admission/quota";
import { resetEnvCache } from "@/lib/env";
import { markJobFailedAfterRetries } from "@/lib/pipeline/fail-job-step";
import { createKeyedUser } from "@/testing/auth/fixtures";
import { insertRunningJob } from "@/testing/enqueue-job";
import { generatedStore, notShopifySite } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { CHEAP_RETURNS_PER_MONTH } from "./charge-return";
import { failJob } from "./job-state";
import { jobEnvelopeSchema } from "./schemas";
import { serializeJob } from "./serialize-job";

let pipeline: PipelineHarness;

beforeAll(async () => {
  pipeline = await startPipeline();
  pipeline.fakeStore.addStore(notShopifySite("not-a-shop-cap.test"));
  pipeline.fakeStore.addStore(generatedStore("heavy-cap.test", { products: 3_000, seed: 21 }));
});

afterAll(async () => {
  await pipeline?.stop();
});

afterEach(() => {
  delete process.env.JOB_STORAGE_BUDGET_MB;
  resetEnvCache();
});

/** GET /api/jobs/:id through its route, as a client reads it. */
async function readJob(jobId: string) {
  const { GET } = await import("@/app/api/jobs/[id]/route");
  const response = await GET(new Request(`http://localhost:3000/api/jobs/${jobId}`), { params: Promise.resolve({ id: jobId }) });
  expect(response.status).toBe(200);

  return jobEnvelopeSchema.parse(await response.json()).job;
}

const creditsOf = async (userId: string) =>
  (await getDb().select({ credits: users.jobCredits }).from(users).where(eq(users.id, userId)))[0]!.credits;

/** A job of this user as if admitted and running, paid by `paymentMethod`, at `step` of the pipeline. */
const runningJob = (userId: string | null, paymentMethod: string, step: string | null = "resolve-store") =>
  insertRunningJob(userId, paymentMethod, step);

/** Fails `n` running Free jobs of the user with a cheap code, one after the other. */
async function useCheapReturns(userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const job = await runningJob(userId, "plan");
    expect((await failJob(job.id, { code: "not_shopify", error: "no" }))!.chargeReturnedAt).not.toBeNull();
  }
}

describe("a failed analysis's charge comes back only when the failure cost little or was ours", () => {
  it("five sites that are not Shopify leave a Free account 2 of 3 analyses used: three are given back, then the monthly cap", async () => {
    const { user, headers } = await createKeyedUser();
    const failed = [];
    for (let i = 0; i < 5; i++) failed.push(await pipeline.submitAndWait("not-a-shop-cap.test", headers));

    expect(failed.map((job) => [job.status, job.errorCode, job.paymentMethod])).toEqual(
      Array.from({ length: 5 }, () => ["failed", "not_shopify", "plan"]),
    );
    expect(failed.map((job) => serializeJob(job).charge_returned)).toEqual(["quota", "quota", "quota", null, null]);
    expect(failed.map((job) => serializeJob(job).charge_return_reason)).toEqual([
      "cheap_failure",
      "cheap_failure",
      "cheap_failure",
      "monthly_cap_reached",
      "monthly_cap_reached",
    ]);
    expect(await getFreeUsage(getDb(), user.id)).toMatchObject({ used: 2, limit: 3 });
    // The API says it too, and the one analysis left is admitted; the next is refused.
    expect(await readJob(failed[3]!.id)).toMatchObject({ charge_returned: null, charge_return_reason: "monthly_cap_reached" });
    const last = await pipeline.submit({ domain: "not-a-shop-cap.test" }, headers);
    expect(last.status).toBe(201);
    const refused = await pipeline.submit({ domain: "not-a-shop-cap.test" }, headers);
    expect(await refused.json()).toMatchObject({ code: "plan_limit_reached", used: 3, limit: 3 });
    expect(await pipeline.waitForJob((await last.json()).job.id)).toMatchObject({ status: "failed", chargeReturnedAt: null });
  });

  it("a store that passes the job's storage budget is never given back, even to an account with no returns used", async () => {
    Object.assign(process.env, { JOB_STORAGE_BUDGET_MB: "1" });
    resetEnvCache();
    const { user, headers } = await createKeyedUser();

    const failed = await pipeline.submitAndWait("heavy-cap.test", headers);

    expect(failed).toMatchObject({ status: "failed", errorCode: "storage_budget_exceeded", paymentMethod: "plan", chargeReturnedAt: null });
    expect(await readJob(failed.id)).toMatchObject({ charge_returned: null, charge_return_reason: "costly_failure" });
    expect((await getFreeUsage(getDb(), user.id)).used).toBe(1);
  });

  it("a store that turns the job away once its products are being read is costly: a password page after the crawl began is not given back", async () => {
    const { user } = await createKeyedUser({ jobCredits: 0 });
    for (const code of ["store_password_protected", "not_shopify", "store_blocked"]) {
      const job = await runningJob(user.id, "credit", "fetch-products");
      const failed = (await failJob(job.id, { code, error: "late" }))!;
      expect(failed.chargeReturnedAt, code).toBeNull();
      expect(serializeJob(failed).charge_return_reason, code).toBe("costly_failure");
    }
    expect(await creditsOf(user.id)).toBe(0);
  });

  it("a failure of ours is given back past the cap, and does not use up the cap", async () => {
    const { user } = await createKeyedUser({ jobCredits: 0 });
    await useCheapReturns(user.id, CHEAP_RETURNS_PER_MONTH);

    // A worker that gave up after its retries, at the render step; and our disk running low.
    const crashed = await runningJob(user.id, "credit", "render");
    await markJobFailedAfterRetries(crashed.id, { message: "browser did not start" });
    const starved = await runningJob(user.id, "credit", null);
    await failJob(starved.id, { code: "storage_low", error: "low" });
    for (const id of [crashed.id, starved.id]) {
      expect(await readJob(id)).toMatchObject({ code: expect.any(String), charge_returned: "credit", charge_return_reason: "our_failure" });
    }
    expect(await creditsOf(user.id)).toBe(2);

    // Past the cap, a cheap failure is still not given back.
    const capped = await runningJob(user.id, "credit");
    expect(serializeJob((await failJob(capped.id, { code: "store_not_found", error: "gone" }))!).charge_return_reason).toBe(
      "monthly_cap_reached",
    );
    expect(await creditsOf(user.id)).toBe(2);

    // And failures of ours do not count towards it: another account with two of ours has its cheap ones back.
    const { user: other } = await createKeyedUser();
    for (let i = 0; i < 2; i++)
      await failJob((await runningJob(other.id, "plan", "build-report")).id, { code: "analysis_failed", error: "x" });
    await useCheapReturns(other.id, CHEAP_RETURNS_PER_MONTH);
  });

  it("returns given back last month do not count this month", async () => {
    const { user } = await createKeyedUser();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    for (let i = 0; i < CHEAP_RETURNS_PER_MONTH; i++) {
      const job = await runningJob(user.id, "plan");
      await getDb()
        .update(jobs)
        .set({ status: "failed", errorCode: "not_shopify", createdAt: lastMonth, completedAt: lastMonth, chargeReturnedAt: lastMonth })
        .where(eq(jobs.id, job.id));
    }

    await useCheapReturns(user.id, CHEAP_RETURNS_PER_MONTH);
    const capped = await runningJob(user.id, "plan");
    expect((await failJob(capped.id, { code: "not_shopify", error: "no" }))!.chargeReturnedAt).toBeNull();
  });

  it("ten failures committing at once give back only what is left of the cap", async () => {
    const { user } = await createKeyedUser({ jobCredits: 0 });
    await useCheapReturns(user.id, CHEAP_RETURNS_PER_MONTH - 1);
    const running = await Promise.all(Array.from({ length: 10 }, () => runningJob(user.id, "credit")));

    const failed = await Promise.all(running.map((job) => failJob(job.id, { code: "store_password_protected", error: "locked" })));

    expect(failed.filter((job) => job!.chargeReturnedAt !== null)).toHaveLength(1);
    expect(failed.filter((job) => serializeJob(job!).charge_return_reason === "monthly_cap_reached")).toHaveLength(9);
    expect(await creditsOf(user.id)).toBe(1);
  });

  it("an x402 payer has no account to cap: a cheap failure earns its free retry, a costly one does not", async () => {
    const cheap = await runningJob(null, "x402");
    expect(serializeJob((await failJob(cheap.id, { code: "not_shopify", error: "no" }))!)).toMatchObject({
      charge_returned: "free_retry",
      charge_return_reason: "cheap_failure",
    });
    const costly = await runningJob(null, "x402", "fetch-products");
    expect(serializeJob((await failJob(costly.id, { code: "storage_budget_exceeded", error: "big" }))!)).toMatchObject({
      charge_returned: null,
      charge_return_reason: "costly_failure",
    });
  });
});
