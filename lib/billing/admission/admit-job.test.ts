/**
 * One admission for every job, through the real routes: tracking is charged like POST /api/jobs
 * (quota, credit, Pro, e-mail verification) and cannot be used to get around them; an account
 * has no per-minute refusal (plan and concurrency cap only); admin retries and the monitor's
 * checks are admitted on their own terms.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { checkTrackedStore } from "@/lib/tracking";
import { createTestApiKey, createTestSession, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { callApi, type Caller } from "@/testing/tracking/api-calls";

let h: PipelineHarness;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  h = await startPipeline();
  for (const name of [
    "tracked-first",
    "tracked-1",
    "tracked-2",
    "tracked-3",
    "tracked-4",
    "tracked-5",
    "tracked-6",
    "fresh",
    "unverified",
    "retried",
    "monitored",
    "dropped",
  ]) {
    h.fakeStore.addStore(fixtureStore(`${name}.test`));
  }
  // Slow answers keep the burst's jobs in flight while the test looks at them.
  h.fakeStore.addStore(fixtureStore("burst.test")).setFaults({ latencyMs: 1500 });
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

async function signedIn(values: Partial<typeof users.$inferInsert> = {}): Promise<{ id: string; caller: Caller }> {
  const user = await createTestUser();
  if (Object.keys(values).length) await getDb().update(users).set(values).where(eq(users.id, user.id));

  return { id: user.id, caller: { cookie: await createTestSession(user.id) } };
}

async function jobsOfStores(domains: string[]) {
  return getDb().select().from(jobs).where(inArray(jobs.domain, domains));
}

async function freeUsed(caller: Caller): Promise<number> {
  const billing = await callApi<{ usage: { used: number } }>("GET", "/api/billing", caller);

  return billing.body.usage.used;
}

describe("tracking is admitted like any job", () => {
  it("a Free account tracking and untracking shops runs no more analyses than its quota, and each one is counted", async () => {
    const { id, caller } = await signedIn();
    const statuses: number[] = [];
    let refusal: Record<string, unknown> = {};
    for (let n = 1; n <= 6; n++) {
      const tracked = await callApi<Record<string, unknown>>("POST", "/api/shops", caller, { body: { domain: `tracked-${n}.test` } });
      statuses.push(tracked.status);
      if (tracked.status === 402) refusal = tracked.body;
      if (tracked.status === 201)
        expect((await callApi("DELETE", "/api/shops/:slug", caller, { values: { slug: `tracked-${n}-test` } })).status).toBe(200);
    }

    expect(statuses).toEqual([201, 201, 201, 402, 402, 402]);
    expect(refusal).toMatchObject({ code: "plan_limit_reached", plan: "free", limit: 3, used: 3 });
    expect(String(refusal.error)).toMatch(/^Tracking this store starts with its first analysis/);
    const started = await jobsOfStores([1, 2, 3, 4, 5, 6].map((n) => `tracked-${n}.test`));
    expect(started).toHaveLength(3);
    expect(started.every((job) => job.userId === id && job.paymentMethod === "plan")).toBe(true);
    expect(await freeUsed(caller)).toBe(3);
    // A refused track leaves nothing tracked.
    const list = await callApi<{ data: unknown[] }>("GET", "/api/shops", caller);
    expect(list.body.data).toHaveLength(0);
  });

  it("a refused track request leaves nothing behind: no store, no tracked store, no job", async () => {
    const { caller } = await signedIn();
    expect((await callApi("POST", "/api/shops", caller, { body: { domain: "tracked-first.test" } })).status).toBe(201);

    const overLimit = await callApi("POST", "/api/shops", caller, { body: { domain: "never-seen.test" } });
    expect(overLimit.status).toBe(402);
    expect(overLimit.body).toMatchObject({ code: "payment_required", reason: "tracked_shop_limit" });
    // Another Free account whose monthly jobs are used up.
    const spent = await signedIn();
    const [seen] = await jobsOfStores(["tracked-first.test"]);
    const used = {
      storeId: seen!.storeId,
      domain: seen!.domain,
      slug: seen!.slug,
      userId: spent.id,
      paymentMethod: "plan",
      status: "failed" as const,
    };
    await getDb().insert(jobs).values([used, used, used]);
    const overQuota = await callApi("POST", "/api/shops", spent.caller, { body: { domain: "never-seen-either.test" } });
    expect(overQuota.status).toBe(402);
    expect(overQuota.body).toMatchObject({ code: "plan_limit_reached" });

    expect(
      await getDb()
        .select()
        .from(stores)
        .where(inArray(stores.domain, ["never-seen.test", "never-seen-either.test"])),
    ).toEqual([]);
    expect(await jobsOfStores(["never-seen.test", "never-seen-either.test"])).toEqual([]);
    expect((await callApi<{ data: unknown[] }>("GET", "/api/shops", spent.caller)).body.data).toHaveLength(0);
  });

  it("re-tracking a store whose report is fresh reuses it: no job, nothing charged, also at the quota", async () => {
    const { caller } = await signedIn();
    expect((await callApi("POST", "/api/shops", caller, { body: { domain: "fresh.test" } })).status).toBe(201);
    expect((await callApi("DELETE", "/api/shops/:slug", caller, { values: { slug: "fresh-test" } })).status).toBe(200);
    const again = await callApi<{ created: boolean; shop: { latest_job: { id: string } | null } }>("POST", "/api/shops", caller, {
      body: { domain: "fresh.test" },
    });

    expect(again.status).toBe(201);
    expect(again.body.created).toBe(true);
    const started = await jobsOfStores(["fresh.test"]);
    expect(started).toHaveLength(1);
    expect(again.body.shop.latest_job?.id).toBe(started[0]!.id);
    expect(await freeUsed(caller)).toBe(1);

    // Another Free account with no job left tracks the same store: its fresh report is enough.
    const spent = await signedIn({ plan: "free" });
    const earlier = new Date(started[0]!.createdAt.getTime() - 1000);
    const used = {
      storeId: started[0]!.storeId,
      domain: "fresh.test",
      slug: "fresh-test",
      userId: spent.id,
      paymentMethod: "plan",
      status: "failed" as const,
      createdAt: earlier,
    };
    await getDb().insert(jobs).values([used, used, used]);
    expect(await freeUsed(spent.caller)).toBe(3);
    expect((await callApi("POST", "/api/shops", spent.caller, { body: { domain: "fresh.test" } })).status).toBe(201);
    expect(await jobsOfStores(["fresh.test"])).toHaveLength(4);
  });

  it("an account that has not confirmed its e-mail cannot start a job by tracking (REQUIRE_EMAIL_VERIFICATION on)", async () => {
    const { caller } = await signedIn({ emailVerified: null });
    process.env.REQUIRE_EMAIL_VERIFICATION = "true";
    resetEnvCache();
    try {
      const refused = await callApi("POST", "/api/shops", caller, { body: { domain: "unverified.test" } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "email_unverified" });
    } finally {
      delete process.env.REQUIRE_EMAIL_VERIFICATION;
      resetEnvCache();
    }
    expect(await jobsOfStores(["unverified.test"])).toHaveLength(0);
    expect((await callApi<{ data: unknown[] }>("GET", "/api/shops", caller)).body.data).toHaveLength(0);
  });
});

describe("no per-minute refusal for accounts", () => {
  it("a Pro account submits 121 jobs in a minute: all accepted, those past the concurrency cap wait queued", async () => {
    const user = await createTestUser();
    await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));
    const { key } = await createTestApiKey(user.id);
    const statuses: number[] = [];
    // 121 in under a minute: however they fall across two clock minutes, one minute holds over 60.
    for (let batch = 0; batch < 11; batch++) {
      const answers = await Promise.all(Array.from({ length: 11 }, () => h.submit({ domain: "burst.test" }, { "x-api-key": key })));
      statuses.push(...answers.map((answer) => answer.status));
    }

    expect(statuses.filter((status) => status === 201)).toHaveLength(121);
    const byStatus = await getDb()
      .select({ status: jobs.status, n: count() })
      .from(jobs)
      .where(eq(jobs.userId, user.id))
      .groupBy(jobs.status);
    const of = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
    expect(byStatus.reduce((sum, row) => sum + row.n, 0)).toBe(121);
    // The cap holds executing steps (Inngest's semantics), so a job between steps may show
    // `running` beside two others; nearly all of the burst must still be waiting.
    expect(of("queued")).toBeGreaterThan(100);
  }, 120_000);
});

describe("admin retries and the monitor go through the admission", () => {
  it("an admin retry is free, recorded as the admin's, and leaves the owner's quota alone (even when used up)", async () => {
    const owner = await signedIn();
    const { key } = await createTestApiKey(owner.id);
    const submitted: string[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await h.submit({ domain: "retried.test" }, { "x-api-key": key });
      submitted.push(((await response.json()) as { job: { id: string } }).job.id);
    }
    expect((await h.submit({ domain: "retried.test" }, { "x-api-key": key })).status).toBe(402);

    const admin = await createTestUser();
    process.env.ADMIN_USER_IDS = admin.id;
    resetEnvCache();
    try {
      const retried = await callApi<{ job: { id: string; retry_of: string } }>(
        "POST",
        "/api/admin/jobs/:id/retry",
        { cookie: await createTestSession(admin.id) },
        { values: { id: submitted[0]! } },
      );
      expect(retried.status).toBe(201);
      const [row] = await getDb().select().from(jobs).where(eq(jobs.id, retried.body.job.id));
      expect(row).toMatchObject({ userId: owner.id, paymentMethod: "admin", paymentRef: admin.id, retryOf: submitted[0] });
    } finally {
      delete process.env.ADMIN_USER_IDS;
      resetEnvCache();
    }
    expect(await freeUsed(owner.caller)).toBe(3);
  });

  it("the monitor starts a system job for a tracked store, and none for a store untracked since the tick chose it", async () => {
    const { caller } = await signedIn({ plan: "pro_monthly" });
    for (const name of ["monitored", "dropped"]) {
      expect((await callApi("POST", "/api/shops", caller, { body: { domain: `${name}.test` } })).status).toBe(201);
    }
    expect((await callApi("DELETE", "/api/shops/:slug", caller, { values: { slug: "dropped-test" } })).status).toBe(200);
    const storeIdOf = async (slug: string) => (await getDb().select({ id: stores.id }).from(stores).where(eq(stores.slug, slug)))[0]!.id;
    const tomorrow = new Date(Date.now() + 2 * DAY_MS);

    const checked = await checkTrackedStore(await storeIdOf("monitored-test"), tomorrow);
    expect(checked.outcome).toBe("started");
    const [monitorJob] = await getDb().select().from(jobs).where(eq(jobs.id, checked.jobId!));
    expect(monitorJob).toMatchObject({ userId: null, paymentMethod: "monitor", domain: "monitored.test" });

    expect(await checkTrackedStore(await storeIdOf("dropped-test"), tomorrow)).toMatchObject({ outcome: "skipped" });
    const [{ n } = { n: 0 }] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.domain, "dropped.test"), eq(jobs.paymentMethod, "monitor")));
    expect(n).toBe(0);
  });
});
