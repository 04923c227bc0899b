/**
 * The Free plan's monthly quota, Pro and single_report credits, through the real POST /api/jobs
 * route: counted atomically (20 concurrent submissions at 2 used create exactly 1 job).
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores, users } from "@/db/schema";
import { createTestApiKey, createTestSession, createTestUser, sessionCookieHeader, TEST_ORIGIN } from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { currentMonthWindow } from "@/lib/jobs/month-window";

let pipeline: PipelineHarness;

beforeAll(async () => {
  pipeline = await startPipeline();
  pipeline.fakeStore.addStore(fixtureStore("quota.test"));
});

afterAll(async () => {
  await pipeline?.stop();
});

async function newKeyUser(values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createTestUser();
  if (Object.keys(values).length) await getDb().update(users).set(values).where(eq(users.id, user.id));
  const { key } = await createTestApiKey(user.id);

  return { user, headers: { "x-api-key": key } };
}

async function jobCount(userId: string, method?: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(jobs)
    .where(method ? and(eq(jobs.userId, userId), eq(jobs.paymentMethod, method)) : eq(jobs.userId, userId));

  return row!.n;
}

/** Jobs already used this month, written directly (as if submitted earlier). */
async function seedUsedJobs(userId: string, n: number, createdAt = new Date()) {
  const slug = `seed-${crypto.randomUUID().slice(0, 8)}`;
  const domain = `${slug}.test`;
  const [store] = await getDb().insert(stores).values({ domain, slug }).returning();
  for (let i = 0; i < n; i++) {
    await getDb().insert(jobs).values({ storeId: store!.id, domain, slug, userId, paymentMethod: "plan", status: "failed", createdAt });
  }
}

describe("POST /api/jobs – Free plan quota (3 per calendar month, UTC)", () => {
  it("the 4th job of the month is a 402 plan_limit_reached with limit, used, resets_at and the pricing link; nothing is created", async () => {
    const { user, headers } = await newKeyUser();
    for (let i = 0; i < 3; i++) {
      const response = await pipeline.submit({ domain: "quota.test" }, headers);
      expect(response.status, await response.clone().text()).toBe(201);
    }

    const refused = await pipeline.submit({ domain: "quota.test" }, headers);
    expect(refused.status).toBe(402);
    const body = await refused.json();
    expect(body).toMatchObject({
      code: "plan_limit_reached",
      plan: "free",
      limit: 3,
      used: 3,
      resets_at: currentMonthWindow().resetsAt.toISOString(),
      upgrade_url: "http://localhost:3000/pricing",
    });
    expect(body.error).toMatch(/3 jobs per calendar month/);
    expect(await jobCount(user.id)).toBe(3);
  });

  it("20 concurrent submissions at 2 used create exactly 1 job (API key)", async () => {
    const { user, headers } = await newKeyUser();
    await seedUsedJobs(user.id, 2);

    const responses = await Promise.all(Array.from({ length: 20 }, () => pipeline.submit({ domain: "quota.test" }, headers)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    expect(await jobCount(user.id)).toBe(3);
  });

  it("counts the session and the API key of one user together", async () => {
    const { user, headers } = await newKeyUser();
    const session = sessionCookieHeader(await createTestSession(user.id));
    await seedUsedJobs(user.id, 2);

    const { POST } = await import("@/app/api/jobs/route");
    const bySession = await POST(
      new Request(`${TEST_ORIGIN}/api/jobs`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...session },
        body: JSON.stringify({ domain: "quota.test" }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(bySession.status).toBe(201);
    expect((await pipeline.submit({ domain: "quota.test" }, headers)).status).toBe(402);
  });

  it("jobs of last month do not count", async () => {
    const { user, headers } = await newKeyUser();
    const lastMonth = new Date(currentMonthWindow().start.getTime() - 24 * 3600 * 1000);
    await seedUsedJobs(user.id, 3, lastMonth);

    expect((await pipeline.submit({ domain: "quota.test" }, headers)).status).toBe(201);
  });
});

describe("POST /api/jobs – credits and Pro", () => {
  it("past the quota a single_report credit is spent, one per job, then 402", async () => {
    const { user, headers } = await newKeyUser({ jobCredits: 2 });
    await seedUsedJobs(user.id, 3);

    expect((await pipeline.submit({ domain: "quota.test" }, headers)).status).toBe(201);
    expect((await pipeline.submit({ domain: "quota.test" }, headers)).status).toBe(201);
    expect((await pipeline.submit({ domain: "quota.test" }, headers)).status).toBe(402);

    const [after] = await getDb().select({ credits: users.jobCredits }).from(users).where(eq(users.id, user.id));
    expect(after!.credits).toBe(0);
    expect(await jobCount(user.id, "credit")).toBe(2);
  });

  it("concurrent submissions never spend a credit twice or below zero", async () => {
    const { user, headers } = await newKeyUser({ jobCredits: 3 });
    await seedUsedJobs(user.id, 3);

    const responses = await Promise.all(Array.from({ length: 10 }, () => pipeline.submit({ domain: "quota.test" }, headers)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    const [after] = await getDb().select({ credits: users.jobCredits }).from(users).where(eq(users.id, user.id));
    expect(after!.credits).toBe(0);
    expect(await jobCount(user.id, "credit")).toBe(3);
  });

  it("Pro is unlimited: past 3 jobs nothing is refused and the Free quota is untouched", async () => {
    const { user, headers } = await newKeyUser({ plan: "pro_monthly" });
    await seedUsedJobs(user.id, 3);
    for (let i = 0; i < 3; i++) expect((await pipeline.submit({ domain: "quota.test" }, headers)).status).toBe(201);
    expect(await jobCount(user.id, "subscription")).toBe(3);
  });
});
