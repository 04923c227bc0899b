/**
 * A store's identity is Shopify's word, never the store's own (docs/decisions.md §6.3): a host whose
 * meta.json names another shop's myshopify domain (or copies its id, or names its plain domain)
 * keeps its own store row, in either order, while one real shop under several of its domains is
 * still one store. Full pipeline runs against the fake store, which serves a shop under its
 * myshopify host too.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { installTimeSource } from "@/lib/time-of-record";
import { createTestSession, createTestUser, sessionCookieHeader } from "@/testing/auth/fixtures";
import { loadRouteHandler } from "@/testing/auth/route-handlers";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

const DAY = 86_400_000;
let h: PipelineHarness;
let virtualNow = Date.now();
let tracker: Record<string, string>;

beforeAll(async () => {
  h = await startPipeline();
  // The allbirds hosts are not *.test: send them to the fake store as well.
  process.env.SHOP_RESOLVE = [
    process.env.SHOP_RESOLVE,
    h.fakeStore.shopResolve("allbirds.com"),
    h.fakeStore.shopResolve("www.allbirds.com"),
  ].join(",");
  resetEnvCache();
  installTimeSource(() => new Date(virtualNow));

  const victim = h.fakeStore.addStore(
    generatedStore("victim.test", {
      products: 12,
      seed: 7,
      exposeInventory: true,
      hugeVariantsEvery: 1_000_000,
      aliases: ["victim.myshopify.com"],
    }),
  );
  // Posers: another shop's myshopify domain, the same plus a copy of its shop id, its plain domain.
  h.fakeStore.addStore(generatedStore("impostor.test", { products: 5, seed: 8, myshopifyDomain: "victim.myshopify.com" }));
  h.fakeStore.addStore(
    generatedStore("copycat.test", { products: 5, seed: 9, myshopifyDomain: "victim.myshopify.com", shopId: victim.shopId }),
  );
  h.fakeStore.addStore(generatedStore("squatter.test", { products: 5, seed: 10, myshopifyDomain: "victim.test" }));

  const real = h.fakeStore.addStore(
    generatedStore("real.test", { products: 6, seed: 11, aliases: ["real.myshopify.com"], redirectFrom: ["real.alt.test"] }),
  );
  h.fakeStore.addStore(generatedStore("early.test", { products: 4, seed: 12, myshopifyDomain: "real.myshopify.com", shopId: real.shopId }));

  // As on Shopify: the bare domain and the myshopify host redirect to the primary domain.
  h.fakeStore.addStore(
    generatedStore("www.allbirds.com", {
      products: 5,
      seed: 13,
      redirectFrom: ["allbirds.com", "allbirds.myshopify.com"],
      myshopifyDomain: "allbirds.myshopify.com",
    }),
  );

  const user = await createTestUser();
  tracker = sessionCookieHeader(await createTestSession(user.id));
}, 60_000);

afterAll(async () => {
  installTimeSource(null);
  await h?.stop();
});

async function analyze(domain: string) {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };
  const ended = await h.waitForJob(job.id);
  expect(ended.status, `${domain}: ${ended.error}`).toBe("completed");
  const [row] = await getDb()
    .select({ job: jobs, store: stores })
    .from(jobs)
    .innerJoin(stores, eq(stores.id, jobs.storeId))
    .where(eq(jobs.id, job.id));

  return row!;
}

async function storeRow(slug: string) {
  const [row] = await getDb().select().from(stores).where(eq(stores.slug, slug));

  return row!;
}

/** One endpoint's whole answer as a client sees it: status, ETag and body bytes. */
async function read(
  path: string,
  values: Record<string, string>,
  { query = "", headers = {} }: { query?: string; headers?: Record<string, string> } = {},
) {
  const handler = await loadRouteHandler("GET", path);
  const url = path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? ""));
  const response = await handler(new Request(`http://localhost:3000${url}${query}`, { headers }), { params: Promise.resolve(values) });

  return `${response.status} ${response.headers.get("etag") ?? ""}\n${await response.text()}`;
}

/** Everything people read about the victim: store page, report, changelog, job look-ups, tracker's analytics. */
async function victimAsSeen() {
  const row = await storeRow("victim-test");
  const slug = { slug: row.slug };

  return {
    row: JSON.stringify(row),
    page: await read("/api/stores/:slug", slug),
    report: await read("/api/reports/:id", { id: row.slug }),
    changelog: await read("/api/changelog/:jobId", { jobId: row.latestJobId! }, { query: "?per_page=50" }),
    jobByDomain: await read("/api/jobs", {}, { query: "?domain=victim.test" }),
    jobByIdentity: await read("/api/jobs", {}, { query: "?domain=victim.myshopify.com" }),
    analytics: await read("/api/store-detail/:slug/analytics", slug, { headers: tracker }),
    inventory: await read("/api/store-detail/:slug/inventory", slug, { headers: tracker }),
    events: await read("/api/store-detail/:slug/inventory/events", slug, { headers: tracker, query: "?per_page=50" }),
  };
}

describe("a host posing as another shop", () => {
  it("keeps its own store when it comes after the shop, and changes not a byte of what is shown about the shop", async () => {
    const first = await analyze("victim.test");
    expect(first.store).toMatchObject({ slug: "victim-test", myshopifyDomain: "victim.myshopify.com" });
    // Tracked right after its analysis, so tracking starts no job of its own.
    const tracked = await (
      await loadRouteHandler("POST", "/api/shops")
    )(
      new Request("http://localhost:3000/api/shops", {
        method: "POST",
        headers: { ...tracker, "content-type": "application/json" },
        body: JSON.stringify({ domain: "victim.test" }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(tracked.status).toBe(201);
    virtualNow += DAY;
    h.fakeStore.store("victim.test").advance({ sales: 6, restocks: 1, priceChanges: 2, addProducts: 1, removeProducts: 1 });
    const second = await analyze("victim.test");
    expect(second.store.id).toBe(first.store.id);
    const victimJobs = await getDb().select({ id: jobs.id }).from(jobs).where(eq(jobs.storeId, first.store.id));
    expect(victimJobs).toHaveLength(2);

    // A later day: an analysis filed under the victim would show in its heat graph too.
    virtualNow += DAY;
    const before = await victimAsSeen();
    expect(JSON.parse(before.changelog.split("\n")[1]!).data.length).toBeGreaterThan(0);
    expect(JSON.parse(before.events.split("\n")[1]!).data.length).toBeGreaterThan(0);

    for (const poser of ["impostor.test", "copycat.test", "squatter.test"]) {
      const { job, store } = await analyze(poser);
      expect(store.id, poser).not.toBe(first.store.id);
      expect(store.domain).toBe(poser);
      expect(job.slug).toBe(poser.replace(".", "-"));
      expect(store.latestJobId).toBe(job.id);
      expect(store.myshopifyDomain, `${poser} holds no identity`).toBeNull();
    }

    expect(await victimAsSeen()).toEqual(before);
  }, 180_000);

  it("cannot take the identity before the shop is first analyzed: the shop gets its own store and its domains join it", async () => {
    const early = await analyze("early.test");
    expect(early.store).toMatchObject({ slug: "early-test", myshopifyDomain: null });

    const custom = await analyze("real.test");
    expect(custom.store).toMatchObject({ domain: "real.test", slug: "real-test", myshopifyDomain: "real.myshopify.com" });
    expect(custom.job.slug).toBe("real-test");

    // Its myshopify host is the same store.
    const myshopify = await analyze("real.myshopify.com");
    expect(myshopify.store.id).toBe(custom.store.id);
    expect(myshopify.job.slug).toBe("real-test");
    expect((await storeRow("real-test")).latestJobId).toBe(myshopify.job.id);
    // Another domain redirecting to real.test is refused (a request cannot tell it from any other site), naming real.test.
    const alt = await h.waitForJob(((await (await h.submit({ domain: "real.alt.test" })).json()) as { job: { id: string } }).job.id);
    expect(alt).toMatchObject({ status: "failed", errorCode: "redirected_off_store" });
    expect(alt.error).toContain("real.test");
    expect((await storeRow("real-test")).latestJobId).toBe(myshopify.job.id);

    // The poser, analyzed again, stays where it was and never holds the identity.
    const again = await analyze("early.test");
    expect(again.store.id).toBe(early.store.id);
    expect(await storeRow("early-test")).toMatchObject({ myshopifyDomain: null, latestJobId: again.job.id });
    const onEarly = await getDb().select({ domain: jobs.domain }).from(jobs).where(eq(jobs.storeId, early.store.id));
    expect(onEarly.map((j) => j.domain)).toEqual(["early.test", "early.test"]);
  }, 180_000);

  it("still puts one shop's domains on one store when its myshopify host confirms the same shop id", async () => {
    const bare = await analyze("allbirds.com");
    expect(bare.store).toMatchObject({ domain: "allbirds.com", slug: "allbirds-com", myshopifyDomain: "allbirds.myshopify.com" });
    const www = await analyze("www.allbirds.com");
    const myshopify = await analyze("allbirds.myshopify.com");
    for (const { job, store } of [www, myshopify]) {
      expect(store.id).toBe(bare.store.id);
      expect(job.slug).toBe("allbirds-com");
    }
  }, 120_000);
});
