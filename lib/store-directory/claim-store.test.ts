import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores, users } from "@/db/schema";
import { GET as getJobs } from "@/app/api/jobs/route";
import { createTestSession, createTestUser } from "@/testing/auth/fixtures";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { claimStoreForDomain } from "@/lib/store-directory/claim-store";
import { createTestApiKey } from "@/testing/auth/fixtures";
import { callApi } from "@/testing/tracking/api-calls";

// A slug names one store (docs/decisions.md §6.2): two domains that slug alike never share a store row,
// and one shop reached under several domains is one store. A slug is provisional until its store
// completes an analysis: nobody can squat a store's slug or use up its suffixes, and claiming one
// never fails.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
  for (const domain of ["shop-co.test", "shop.co.test", "plain.test", "track-co.test", "track.co.test"]) {
    h.fakeStore.addStore(generatedStore(domain, { products: 3, seed: 4 }));
  }
  for (const domain of ["victim-shop.co.test", "moved-co.test"]) {
    h.fakeStore.addStore(generatedStore(domain, { products: 3, seed: 4 }));
  }
  // One shop: its myshopify host serves it, its other domain redirects to it (as on Shopify).
  h.fakeStore.addStore(generatedStore("brand.test", { products: 3, seed: 4, aliases: ["brand.myshopify.com"] }));
});

afterAll(async () => {
  await h?.stop();
});

async function submit(domain: string): Promise<string> {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);

  return ((await response.json()) as { job: { id: string } }).job.id;
}

async function storeOfJob(jobId: string) {
  const [row] = await getDb()
    .select({ job: jobs, store: stores })
    .from(jobs)
    .innerJoin(stores, eq(stores.id, jobs.storeId))
    .where(eq(jobs.id, jobId));

  return row!;
}

async function findJobByDomain(domain: string) {
  const response = await getJobs(new Request(`http://localhost:3000/api/jobs?domain=${encodeURIComponent(domain)}`), {
    params: Promise.resolve({}),
  });

  return { status: response.status, body: (await response.json()) as { job?: { id: string } } };
}

describe("store slugs", () => {
  it("gives the second domain of a taken slug a suffix, and never attaches its job to the other store", async () => {
    const first = await submit("shop-co.test");
    await h.waitForJob(first);
    const second = await submit("shop.co.test");
    await h.waitForJob(second);

    const a = await storeOfJob(first);
    const b = await storeOfJob(second);
    expect(a.store.id).not.toBe(b.store.id);
    expect(a.store).toMatchObject({ domain: "shop-co.test", slug: "shop-co-test" });
    expect(b.store).toMatchObject({ domain: "shop.co.test", slug: "shop-co-test-2" });
    expect(b.job.slug).toBe("shop-co-test-2");
    expect(a.job.status).toBe("completed");
    expect(b.job.status).toBe("completed");
    // Each store page shows its own analysis.
    expect(a.store.latestJobId).toBe(first);
    expect(b.store.latestJobId).toBe(second);
  });

  it("finds a job under either spelling of the host (www. or not)", async () => {
    const jobId = await submit("plain.test");

    expect(await findJobByDomain("www.plain.test")).toMatchObject({ status: 200, body: { job: { id: jobId } } });
    expect(await findJobByDomain("https://PLAIN.test/")).toMatchObject({ status: 200, body: { job: { id: jobId } } });
    expect((await findJobByDomain("other-plain.test")).status).toBe(404);
    await h.waitForJob(jobId);
  });

  it("tracks the store of the domain asked for, not another store whose slug it shares", async () => {
    const user = await createTestUser();
    const caller = { cookie: await createTestSession(user.id) };
    const track = (domain: string) =>
      callApi<{ shop: { slug: string; store: { domain: string } } }>("POST", "/api/shops", caller, { body: { domain } });

    expect((await track("track-co.test")).body.shop).toMatchObject({ slug: "track-co-test", store: { domain: "track-co.test" } });
    await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));
    const second = await track("track.co.test");
    expect(second.status).toBe(201);
    expect(second.body.shop).toMatchObject({ slug: "track-co-test-2", store: { domain: "track.co.test" } });

    const started = await getDb()
      .select()
      .from(jobs)
      .where(inArray(jobs.domain, ["track-co.test", "track.co.test"]));
    expect(started.map((job) => job.slug).sort()).toEqual(["track-co-test", "track-co-test-2"]);
    await Promise.all(started.map((job) => h.waitForJob(job.id)));
  });

  it("puts one shop reached under two domains on one store (identity confirmed on its myshopify host)", async () => {
    const first = await submit("brand.test");
    await h.waitForJob(first);
    const second = await submit("brand.myshopify.com");
    await h.waitForJob(second);

    const a = await storeOfJob(first);
    const b = await storeOfJob(second);
    expect(a.store.myshopifyDomain).toBe("brand.myshopify.com");
    expect(b.store.id).toBe(a.store.id);
    expect(b.job).toMatchObject({ slug: "brand-test", status: "completed" });
    expect(b.store.latestJobId).toBe(second);

    // The shop's own *.myshopify.com domain names the same store.
    expect(await findJobByDomain("brand.myshopify.com")).toMatchObject({ status: 200, body: { job: { id: second } } });
  });
});

async function storesWithSlugsLike(prefix: string) {
  return getDb()
    .select()
    .from(stores)
    .where(like(stores.slug, `${prefix}%`))
    .orderBy(stores.slug);
}

/** A store row that holds a slug and has never completed an analysis, as a refused or failing submission might have left. */
async function placeholder(domain: string, slug: string) {
  const [row] = await getDb().insert(stores).values({ domain, slug }).returning();

  return row!;
}

describe("slugs nobody can squat", () => {
  it("a Free account cannot use up a store's slugs: its refused requests leave no store, the store is analyzed and takes its own slug", async () => {
    const squatter = await createTestUser();
    const caller = { cookie: await createTestSession(squatter.id) };
    const domains = ["victim.shop-co.test", ...Array.from({ length: 49 }, (_, i) => `victim-shop.co.test-${i + 2}`)];
    const statuses: number[] = [];
    for (const domain of domains) statuses.push((await callApi("POST", "/api/shops", caller, { body: { domain } })).status);

    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1)).toEqual(domains.slice(1).map(() => 402));
    expect((await storesWithSlugsLike("victim-shop-co-test")).map((store) => store.domain)).toEqual(["victim.shop-co.test"]);

    const victim = await createTestUser();
    const { key } = await createTestApiKey(victim.id);
    const response = await h.submit({ domain: "victim-shop.co.test" }, { "x-api-key": key });
    expect(response.status, await response.clone().text()).toBe(201);
    const { job } = (await response.json()) as { job: { id: string } };
    expect((await h.waitForJob(job.id)).status).toBe("completed");

    const { store, job: done } = await storeOfJob(job.id);
    expect(store).toMatchObject({ domain: "victim-shop.co.test", slug: "victim-shop-co-test", latestJobId: job.id });
    expect(done.slug).toBe("victim-shop-co-test");
    const squatted = (await storesWithSlugsLike("victim-shop-co-test")).find((row) => row.domain === "victim.shop-co.test");
    expect(squatted?.slug).toMatch(/^victim-shop-co-test-/);
    const tracked = await callApi<{ data: { slug: string }[] }>("GET", "/api/shops", caller);
    expect(tracked.body.data.map((shop) => shop.slug)).toEqual([squatted!.slug]);
  });

  it("moves a store that never completed an analysis off the slug of the store that completes one, with its jobs", async () => {
    const held = await placeholder("moved.co.test", "moved-co-test");
    const [waiting] = await getDb()
      .insert(jobs)
      .values({ storeId: held.id, domain: held.domain, slug: held.slug, userId: null, paymentMethod: "plan", status: "failed" })
      .returning();

    const jobId = await submit("moved-co.test");
    expect((await storeOfJob(jobId)).job.slug).toBe("moved-co-test-2");
    await h.waitForJob(jobId);

    const { store, job } = await storeOfJob(jobId);
    expect(store.slug).toBe("moved-co-test");
    expect(job).toMatchObject({ status: "completed", slug: "moved-co-test" });
    const [moved] = await getDb().select().from(stores).where(eq(stores.id, held.id));
    expect(moved!.slug).not.toBe("moved-co-test");
    expect(moved!.slug).toMatch(/^moved-co-test-/);
    const [followed] = await getDb().select().from(jobs).where(eq(jobs.id, waiting!.id));
    expect(followed!.slug).toBe(moved!.slug);
  });

  it("finds a free slug for a new store even when its slug and every numbered suffix are held", async () => {
    await placeholder("claimed.co.test", "claimed-co-test");
    for (let n = 2; n <= 50; n += 1) await placeholder(`claimed-co.test-${n}`, `claimed-co-test-${n}`);

    const store = await getDb().transaction((tx) => claimStoreForDomain(tx, "claimed-co.test"));
    expect(store.domain).toBe("claimed-co.test");
    expect(store.slug).toMatch(/^claimed-co-test-[0-9a-f]{8,}$/);
  });
});
