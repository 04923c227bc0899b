import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "@/db";
import { jobs, users } from "@/db/schema";
import { GET as findJobRoute, POST as submitJobRoute } from "@/app/api/jobs/route";
import { POST as signUpRoute } from "@/app/api/auth/sign-up/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { resetIpCooldownMemory } from "./ip-cooldown";

// Abuse limits, counted in PostgreSQL: sign-up and password-reset attempts per address and per
// account, and the IP cooldown. Job submissions of an account have no per-minute limit (plans
// and the concurrency cap hold them, docs/decisions.md §6.10; lib/billing/admission/admit-job.test.ts).

let h: PipelineHarness;
const context = { params: Promise.resolve({}) };

beforeAll(async () => {
  h = await startPipeline({
    X402_PAY_TO: "0x2222222222222222222222222222222222222222",
    AUTH_ATTEMPTS_PER_MINUTE_PER_IP: "3",
    AUTH_ATTEMPTS_PER_MINUTE_PER_ACCOUNT: "2",
    IP_BURST_LIMIT: "5",
    IP_COOLDOWN_SECONDS: "30",
  });
  h.fakeStore.addStore(generatedStore("limited.test", { products: 2, seed: 1 }));
  // The limits count in fixed one-minute windows: start well inside one, so no case straddles two.
  const second = new Date().getSeconds();
  if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}, 90_000);

afterAll(async () => {
  await h?.stop();
});

// Bursts count per wall-clock second: hold the clock still, or a loaded machine spreads the
// burst over two seconds and it is (rightly) not a burst any more.
function holdClockInOneSecond() {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / 1000) * 1000 + 100 });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

function postJson(path: string, body: unknown, ip: string) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
}

describe("abuse limits", () => {
  it("keeps the per-address cooldown on POST /api/jobs for callers without an account (anonymous, x402), writing no job", async () => {
    const submit = (ip: string, headers: Record<string, string> = {}) =>
      submitJobRoute(
        new Request("http://localhost:3000/api/jobs", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
          body: JSON.stringify({ domain: "limited.test" }),
        }),
        context,
      );
    holdClockInOneSecond();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await submit("192.0.2.90", i % 2 ? { "x-payment": "bm90LWEtcHJvb2Y=" } : {})).status);

    expect(statuses).toEqual([402, 402, 402, 402, 402]);
    const refused = await submit("192.0.2.90", { "x-payment": "bm90LWEtcHJvb2Y=" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited", limit_type: "ip_cooldown" });
    expect((await submit("192.0.2.91")).status).toBe(402);
    expect(await getDb().$count(jobs, eq(jobs.domain, "limited.test"))).toBe(0);
  });

  it("limits sign-ups per address, and a refused sign-up creates no account", async () => {
    const ip = "203.0.113.50";
    const statuses: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const response = await signUpRoute(
        postJson("/api/auth/sign-up", { email: `flood${n}@example.com`, password: "correct horse battery" }, ip),
        context,
      );
      statuses.push(response.status);
      if (n === 4) expect(await response.json()).toMatchObject({ code: "rate_limited", limit_type: "per_minute" });
    }

    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(await getDb().$count(users, eq(users.email, "flood4@example.com"))).toBe(0);
    // Another address is not affected.
    const other = await signUpRoute(
      postJson("/api/auth/sign-up", { email: "calm@example.com", password: "correct horse battery" }, "203.0.113.51"),
      context,
    );
    expect(other.status).toBe(202);
  });

  it("limits sign-ups per IPv6 /64, not per address: a host cannot rotate through the addresses of its network", async () => {
    const statuses: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const body = { email: `rotating${n}@example.com`, password: "correct horse battery" };
      statuses.push((await signUpRoute(postJson("/api/auth/sign-up", body, `2001:db8:50:1::${n}`), context)).status);
    }

    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(await getDb().$count(users, eq(users.email, "rotating4@example.com"))).toBe(0);
    const elsewhere = await signUpRoute(
      postJson("/api/auth/sign-up", { email: "next-door@example.com", password: "correct horse battery" }, "2001:db8:50:2::1"),
      context,
    );
    expect(elsewhere.status).toBe(202);
  });

  it("limits password-reset requests per account, whatever the address", async () => {
    const statuses: number[] = [];
    for (const n of [1, 2, 3]) {
      const response = await resetRoute(postJson("/api/auth/reset-password", { email: "calm@example.com" }, `198.51.100.${n}`), context);
      statuses.push(response.status);
    }

    expect(statuses).toEqual([202, 202, 429]);
  });

  it("puts an address that bursts past the limit in a cooldown (429 ip_cooldown) that every instance honors", async () => {
    const find = (ip: string) =>
      findJobRoute(
        new Request("http://localhost:3000/api/jobs?id=00000000-0000-4000-8000-000000000000", { headers: { "x-forwarded-for": ip } }),
        context,
      );
    holdClockInOneSecond();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await find("192.0.2.77")).status);

    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    const refused = await find("192.0.2.77");
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; limit_type: string; retry_after: number };
    expect(body).toMatchObject({ code: "rate_limited", limit_type: "ip_cooldown" });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(30);

    // Another address is served; a process that never saw the burst still refuses the address.
    expect((await find("192.0.2.78")).status).toBe(404);
    resetIpCooldownMemory();
    expect((await find("192.0.2.77")).status).toBe(429);
  });

  it("counts the addresses of one IPv6 /64 as one toward the cooldown, and an IPv4-mapped address as its IPv4 address", async () => {
    const find = (ip: string) =>
      findJobRoute(
        new Request("http://localhost:3000/api/jobs?id=00000000-0000-4000-8000-000000000000", { headers: { "x-forwarded-for": ip } }),
        context,
      );
    holdClockInOneSecond();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) statuses.push((await find(`2001:db8:77:1::${i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await find("2001:db8:77:1:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await find("2001:db8:77:2::1")).status).toBe(404);

    const mapped: number[] = [];
    for (let i = 0; i < 6; i += 1) mapped.push((await find(i % 2 ? "::ffff:192.0.2.60" : "192.0.2.60")).status);
    expect(mapped).toEqual([404, 404, 404, 404, 404, 429]);
  });
});
