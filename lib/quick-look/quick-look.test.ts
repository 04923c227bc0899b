import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, rateLimitCounters } from "@/db/schema";
import { GET } from "@/app/api/quick-look/route";
import { getFreeUsage } from "@/lib/billing/admission/quota";
import { apiKeyHeader, createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore, passwordStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import { configurePipelineEnv } from "@/testing/pipeline";
import { clearQuickLooks } from "./quick-look";

// The quick look through its route, as the home page's form calls it: the fake store read over
// loopback by the store crawler, the daily limit counted in PostgreSQL.

const PER_DAY = 4;
let fakeStore: FakeStoreServer;
let nextAddress = 1;

beforeAll(async () => {
  fakeStore = await startFakeStore();
  configurePipelineEnv(fakeStore, { QUICK_LOOKS_PER_DAY_PER_IP: String(PER_DAY) });
  fakeStore.addStore(fixtureStore("look.test"));
  fakeStore.addStore(fixtureStore("cached.test"));
  fakeStore.addStore(fixtureStore("private.test", { robotsTxt: "User-agent: *\nDisallow: /\n" }));
  fakeStore.addStore(passwordStore("locked.test"));
});
afterAll(async () => {
  await fakeStore?.close();
});
beforeEach(() => {
  clearQuickLooks();
});

/** A fresh client address per call site, so each case has its own day's budget. */
const newAddress = () => `198.51.100.${nextAddress++}`;

async function look(domain: string, address: string, headers: Record<string, string> = {}) {
  const response = await GET(
    new Request(`http://localhost:3000/api/quick-look?domain=${encodeURIComponent(domain)}`, {
      headers: { "x-forwarded-for": address, ...headers },
    }),
    { params: Promise.resolve({}) },
  );
  const body = await response.json();
  expect(documentedAnswerErrors("GET", "/api/quick-look", response.status, body)).toEqual([]);

  return { status: response.status, headers: response.headers, body };
}

describe("GET /api/quick-look", () => {
  it("reads the theme, apps, tags, languages and agent readiness from the home page, and points to the full analysis", async () => {
    const { status, body } = await look("https://Look.test/collections/all", newAddress());

    expect(status).toBe(200);
    expect(body.domain).toBe("look.test");
    expect(body.home_page).toMatchObject({ read: true, shopify: true, problem: null });
    expect(body.theme).toMatchObject({ name: "Dawn", themeStoreId: 887 });
    expect(body.apps.map((app: { slug: string }) => app.slug)).toEqual(expect.arrayContaining(["klaviyo", "judge-me"]));
    expect(body.marketing.tags.length).toBeGreaterThan(0);
    expect(body.markets.locale).toBe("en");
    expect(body.technologies.length).toBeGreaterThanOrEqual(body.apps.length);
    expect(body.agent_readiness.storefront_mcp).toMatchObject({ status: "answers", tool_count: 5 });
    expect(body.agent_readiness.llms_txt.status).toBe("answers");
    expect(body.agent_readiness.ai_crawlers.crawlers).toContainEqual({ agent: "GPTBot", verdict: "disallowed" });
    expect(body.full_analysis).toEqual({ sign_up_url: "/sign-up?callbackUrl=%2Fdashboard%3Fdomain%3Dlook.test", x402_price_usd: null });
    // robots.txt, the home page and the three agent endpoints: nothing else of the store.
    expect(
      fakeStore
        .store("look.test")
        .log()
        .map((entry) => `${entry.method} ${entry.path}`),
    ).toEqual(["GET /robots.txt", "GET /", "POST /api/mcp", "GET /.well-known/ucp", "GET /llms.txt"]);
  });

  it("answers a second look from the cache without asking the store again, also for another address", async () => {
    const first = await look("cached.test", newAddress());
    const requests = fakeStore.store("cached.test").counters().requests;
    expect(requests).toBe(5);

    const again = await look("cached.test", newAddress());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(fakeStore.store("cached.test").counters().requests).toBe(requests);
  });

  it("shares one reading between looks at the same store asked at the same moment", async () => {
    const store = fakeStore.store("cached.test");
    store.resetCounters();
    const answers = await Promise.all([look("cached.test", newAddress()), look("cached.test", newAddress())]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(store.counters().requests).toBe(5);
  });

  it("gives one address QUICK_LOOKS_PER_DAY_PER_IP looks a day, then the house's 429; another address still gets its own", async () => {
    const address = newAddress();
    for (let i = 0; i < PER_DAY; i += 1) expect((await look("look.test", address)).status).toBe(200);

    const refused = await look("look.test", address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "rate_limited", limit_type: "per_day" });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(refused.body.retry_after).toBeLessThanOrEqual(24 * 3600);
    expect(refused.headers.get("retry-after")).toBe(String(refused.body.retry_after));
    expect((await look("look.test", newAddress())).status).toBe(200);
  });

  it("refuses what is not a store domain with 400, asking no store and counting nothing", async () => {
    const address = newAddress();
    for (const domain of ["", "localhost", "10.0.0.1", "user@look.test", "-bad-.test"]) {
      const { status, body } = await look(domain, address);
      expect(status, domain).toBe(400);
      expect(body.code).toBe("invalid_request");
    }
    const counters = await getDb().select().from(rateLimitCounters);
    expect(counters.filter((row) => row.key === `quick-look:ip:${address}`)).toEqual([]);
  });

  it("is not a job: no jobs row, and a signed-in caller's free quota is untouched", async () => {
    const user = await createTestUser();
    const { key } = await createTestApiKey(user.id);
    const before = await getFreeUsage(getDb(), user.id);

    expect((await look("look.test", newAddress(), apiKeyHeader(key))).status).toBe(200);
    expect((await look("cached.test", newAddress())).status).toBe(200);

    expect(await getDb().select().from(jobs)).toEqual([]);
    expect((await getFreeUsage(getDb(), user.id)).used).toBe(before.used);
  });

  it("obeys robots.txt: a store that disallows its home page is not read, and says why", async () => {
    const { status, body } = await look("private.test", newAddress());

    expect(status).toBe(200);
    expect(body.home_page).toMatchObject({ read: false, problem: { code: "robots_disallowed" } });
    expect(body.theme).toBeNull();
    expect(body.apps).toEqual([]);
    expect(body.agent_readiness.storefront_mcp.status).toBe("not_checked");
    expect(
      fakeStore
        .store("private.test")
        .log()
        .map((entry) => entry.path),
    ).toEqual(["/robots.txt"]);
  });

  it("says a password-protected store cannot be read", async () => {
    const { status, body } = await look("locked.test", newAddress());

    expect(status).toBe(200);
    expect(body.home_page).toMatchObject({ read: false, shopify: false, problem: { code: "store_password_protected" } });
  });
});
