/**
 * Thirty days of a tracked store, simulated: the fake store moves forward a day at a time
 * (sales, restocks, price changes, products and pages added and removed), the monitor cron
 * runs on the embedded executor with a virtual clock, and the store-detail endpoints are
 * checked against the fake store's own list of what changed.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, reportBodies, snapshotProducts, stores, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { inventorySummarySchema, productInventorySchema } from "@/lib/inventory/schemas";
import { installTimeSource } from "@/lib/time-of-record";
import { sendEvent } from "@/lib/workflow/engine";
import { snapshotCleanupRequested, trackedStoresMonitorRequested } from "@/lib/workflow/events";
import { createTestApiKey, createTestSession, createTestUser } from "@/testing/auth/fixtures";
import { generatedStore, type FakeChange } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { callApi, STORE_DETAIL_ENDPOINTS, type Caller } from "@/testing/tracking/api-calls";
import { formatSalesScores, scoreSales, type SalesFigure, type SalesScores } from "@/testing/tracking/sales-scores";
import { waitFor } from "@/testing/wait-for";

const DAY = 86_400_000;
const DAYS = 30;
let h: PipelineHarness;
let virtualNow = Date.now();
const pro: Caller = {};
const free: Caller = {};
const stranger: Caller = {};
let proKey: Caller;
/** day (YYYY-MM-DD) → what the fake store changed before that day's snapshot. */
const changesByDay = { visible: new Map<string, FakeChange[]>(), hidden: new Map<string, FakeChange[]>() };
let monitorJobsExpected = 0;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function runMonitor(expectedNewJobs: number) {
  const { runIds } = await sendEvent(trackedStoresMonitorRequested.create({}));
  for (const runId of runIds) await h.engine.executor!.waitForRun(runId, { timeoutMs: 60_000 });
  monitorJobsExpected += expectedNewJobs;
  await waitFor(
    async () => {
      const [row] = await getDb()
        .select({
          monitor: sql<number>`count(*) filter (where ${jobs.paymentMethod} = 'monitor')::int`,
          active: sql<number>`count(*) filter (where ${jobs.status} in ('queued', 'running'))::int`,
        })
        .from(jobs);

      return row!.monitor === monitorJobsExpected && row!.active === 0;
    },
    { timeoutMs: 120_000, intervalMs: 50, what: `${monitorJobsExpected} monitoring jobs to finish` },
  );
}

async function setPlan(userId: string, plan: string) {
  await getDb().update(users).set({ plan }).where(eq(users.id, userId));
}

beforeAll(async () => {
  h = await startPipeline();
  installTimeSource(() => new Date(virtualNow));
  h.fakeStore.addStore(generatedStore("visible.test", { products: 40, seed: 11, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));
  h.fakeStore.addStore(generatedStore("hidden.test", { products: 40, seed: 12, hugeVariantsEvery: 1_000_000 }));

  const proUser = await createTestUser();
  await setPlan(proUser.id, "pro_monthly");
  const freeUser = await createTestUser();
  const other = await createTestUser();
  pro.cookie = await createTestSession(proUser.id);
  free.cookie = await createTestSession(freeUser.id);
  stranger.cookie = await createTestSession(other.id);
  proKey = { apiKey: (await createTestApiKey(proUser.id)).key };
}, 120_000);

afterAll(async () => {
  installTimeSource(null);
  await h?.stop();
});

describe("tracked stores over 30 simulated days", () => {
  it("tracks stores (plan limits, idempotent, first analysis) and monitors them daily, one job per store", async () => {
    const first = await callApi<{ created: boolean; shop: { slug: string } }>("POST", "/api/shops", pro, {
      body: { domain: "https://Visible.test/" },
    });
    expect(first.status).toBe(201);
    expect(first.body.shop.slug).toBe("visible-test");
    expect((await callApi("POST", "/api/shops", proKey, { body: { domain: "hidden.test" } })).status).toBe(201);
    const again = await callApi<{ created: boolean }>("POST", "/api/shops", pro, { body: { domain: "visible.test" } });
    expect(again).toMatchObject({ status: 200, body: { created: false } });
    // A second user tracks the same store: still one daily job for it.
    expect((await callApi("POST", "/api/shops", free, { body: { domain: "visible.test" } })).status).toBe(201);
    const overLimit = await callApi("POST", "/api/shops", free, { body: { domain: "hidden.test" } });
    expect(overLimit.status).toBe(402);
    expect(overLimit.body).toMatchObject({
      code: "payment_required",
      reason: "tracked_shop_limit",
      limit: 1,
      tracked: 1,
      upgrade_url: "http://localhost:3000/pricing",
    });
    // People read the plan's name and where to upgrade, never a plan id.
    expect((overLimit.body as { error: string }).error).toBe(
      "Your Free plan allows 1 tracked store; remove one or upgrade to Pro at http://localhost:3000/pricing",
    );
    expect((await callApi("POST", "/api/shops", pro, { body: { domain: "not a domain" } })).status).toBe(400);

    // The first analyses (started by tracking, not by the monitor) finish.
    await waitFor(
      async () => {
        const rows = await getDb()
          .select({ status: jobs.status })
          .from(jobs)
          .where(inArray(jobs.slug, ["visible-test", "hidden-test"]));
        return rows.length === 2 && rows.every((r) => r.status === "completed");
      },
      { timeoutMs: 60_000, what: "first analyses" },
    );
    const jobsBefore = (await getDb().select({ id: jobs.id }).from(jobs)).length;
    expect(jobsBefore).toBe(2); // tracking twice and a second tracker started nothing more

    // Same virtual day: the monitor skips both (analyzed less than 20 h ago).
    await runMonitor(0);

    for (let day = 1; day <= DAYS; day++) {
      virtualNow += DAY;
      const visible = h.fakeStore.store("visible.test").advance({
        minutes: 24 * 60,
        dailySales: true,
        priceChanges: 2,
        addProducts: day % 5 === 0 ? 1 : 0,
        removeProducts: day % 7 === 0 ? 1 : 0,
        addPages: day % 10 === 0 ? 1 : 0,
        addCollections: day % 9 === 0 ? 1 : 0,
      });
      const hidden = h.fakeStore.store("hidden.test").advance({ minutes: 24 * 60, dailySales: true, priceChanges: 2 });
      changesByDay.visible.set(dayOf(virtualNow), visible);
      changesByDay.hidden.set(dayOf(virtualNow), hidden);
      await runMonitor(2);
      if (day === 3) await runMonitor(0); // a second tick the same day starts nothing
    }

    const perStore = await getDb()
      .select({ slug: jobs.slug, n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.paymentMethod, "monitor"))
      .groupBy(jobs.slug);
    expect(Object.fromEntries(perStore.map((r) => [r.slug, r.n]))).toEqual({ "visible-test": DAYS, "hidden-test": DAYS });

    const list = await callApi<{
      data: { slug: string; monitoring: { state: string; next_check_at: string } }[];
      pagination: { total: number };
    }>("GET", "/api/shops", pro);
    expect(list.status).toBe(200);
    expect(list.body.pagination.total).toBe(2);
    for (const shop of list.body.data) {
      expect(shop.monitoring.state).toBe("active");
      expect(new Date(shop.monitoring.next_check_at).getTime()).toBeGreaterThan(virtualNow);
    }
  }, 900_000);

  it("heat graph: per-day counts are the items the fake store changed (a product once), 365 zero-filled days", async () => {
    const res = await callApi<{
      heat_graph: {
        cells: { day: string; total: number; counts: Record<string, number>; details: Record<string, number> }[];
        days: number;
      };
    }>("GET", "/api/store-detail/:slug/analytics", pro, { values: { slug: "visible-test" } });
    expect(res.status).toBe(200);
    const cells = res.body.heat_graph.cells;
    expect(cells).toHaveLength(365);
    expect(cells.at(-1)!.day).toBe(dayOf(virtualNow));
    for (const cell of cells) {
      const changes = changesByDay.visible.get(cell.day) ?? [];
      const ids = (kind: FakeChange["kind"]) => new Set(changes.flatMap((c) => (c.kind === kind && "productId" in c ? [c.productId] : [])));
      const added = ids("product_added");
      const removed = ids("product_removed");
      const changed = new Set(
        changes.flatMap((c) =>
          c.kind === "price_change" || ((c.kind === "sale" || c.kind === "restock") && c.availableBefore !== c.availableAfter)
            ? [c.productId]
            : [],
        ),
      );
      for (const id of [...added, ...removed]) changed.delete(id);
      const expected: Record<string, number> = {
        product_added: added.size,
        product_removed: removed.size,
        product_changed: changed.size,
        page_added: changes.filter((c) => c.kind === "page_added").length,
        collection_added: changes.filter((c) => c.kind === "collection_added").length,
      };
      expect(cell.counts, cell.day).toEqual(Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0)));
      expect(cell.total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
      // Sales and restocks are beside the count, as details.
      expect(cell.details.sale ?? 0, cell.day).toBe(changes.filter((c) => c.kind === "sale").length);
    }
  });

  it("sales figures: every range contains the truth the fake store kept, per store and per product, and the scores are printed", async () => {
    type Figure = SalesFigure & { basis: string; case: string; confidence: string; assumption: { name: string; source: string } | null };
    type Summary = {
      basis: string;
      enough_data: boolean;
      total_inventory: number;
      units_sold_30d: Figure;
      estimated_daily_sales: { range: { low: number; high: number } };
      top_sellers: { product_id: number; units_sold: Figure }[];
      recent_restocks: unknown[];
    };
    const scores: Record<string, SalesScores> = {};
    for (const name of ["visible", "hidden"] as const) {
      const slug = `${name}-test`;
      const truth = h.fakeStore.store(`${name}.test`).unitsSoldByProduct();
      const summary = await callApi<Summary>("GET", "/api/store-detail/:slug/inventory", pro, { values: { slug } });
      expect(summary.status).toBe(200);
      expect(summary.body.enough_data).toBe(true);
      // The answer is what the OpenAPI document says it is.
      inventorySummarySchema.parse(summary.body);
      const products = [];
      for (const [id, sold] of truth) {
        const res = await callApi<{ units_sold: Figure; daily_velocity: { range: { low: number; high: number } } }>(
          "GET",
          "/api/store-detail/:slug/inventory/product/:shopifyId",
          pro,
          {
            values: { slug, shopifyId: String(id) },
          },
        );
        expect(res.status).toBe(200);
        productInventorySchema.parse(res.body);
        expect(res.body.units_sold.basis).toBe(name === "visible" ? "observed" : "estimated");
        products.push({ id, truth: sold, figure: res.body.units_sold });
      }
      const storeTruth = [...truth.values()].reduce((a, b) => a + b, 0);
      scores[name] = scoreSales(summary.body.units_sold_30d, storeTruth, products);
      console.log(formatSalesScores(`${name} (${DAYS} days, one snapshot a day)`, scores[name]));
      // The top sellers are the products' own figures.
      for (const top of summary.body.top_sellers) expect(products.find((p) => p.id === top.product_id)?.figure).toEqual(top.units_sold);
    }

    const visible = await callApi<Summary>("GET", "/api/store-detail/:slug/inventory", pro, { values: { slug: "visible-test" } });
    expect(visible.body).toMatchObject({ basis: "observed", units_sold_30d: { basis: "observed", assumption: null } });
    expect(visible.body.total_inventory).toBeGreaterThan(0);
    expect(visible.body.recent_restocks.length).toBeGreaterThan(0);
    expect(scores.visible!.store.contains).toBe(true);
    expect(scores.visible!.store.midpointError).toBeLessThanOrEqual(0.05);
    expect(scores.visible!.products.share).toBeGreaterThanOrEqual(0.95);

    const hidden = await callApi<Summary>("GET", "/api/store-detail/:slug/inventory", pro, { values: { slug: "hidden-test" } });
    expect(hidden.body).toMatchObject({
      basis: "estimated",
      total_inventory: 0,
      units_sold_30d: { basis: "estimated", case: "estimated_from_signals", confidence: "low" },
    });
    // The units-per-sale-day figure is named, and calibrated on the store that shows quantities.
    expect(hidden.body.units_sold_30d.assumption).toMatchObject({ name: "units_per_sale_day", source: "calibrated" });
    expect(scores.hidden!.store.contains).toBe(true);
    expect(scores.hidden!.store.midpointError).toBeLessThanOrEqual(0.35);
    expect(scores.hidden!.store.estimateError).toBeLessThanOrEqual(0.35);
    expect(scores.hidden!.products.share).toBeGreaterThanOrEqual(0.9);
  });

  it("events feed and one product's history follow the fake store", async () => {
    const all = [...changesByDay.visible.values()].flat();
    const sales = all.filter((c) => c.kind === "sale");
    const feed = await callApi<{
      data: { type: string; occurred_at: string; units: number }[];
      pagination: { total: number; per_page: number };
    }>("GET", "/api/store-detail/:slug/inventory/events", pro, { values: { slug: "visible-test" }, query: "?type=sale&per_page=50" });
    expect(feed.status).toBe(200);
    expect(feed.body.pagination.total).toBe(sales.length);
    expect(feed.body.data).toHaveLength(Math.min(50, sales.length));
    expect(feed.body.data.every((e) => e.type === "sale")).toBe(true);
    const times = feed.body.data.map((e) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      (await callApi("GET", "/api/store-detail/:slug/inventory/events", pro, { values: { slug: "visible-test" }, query: "?per_page=51" }))
        .status,
    ).toBe(400);

    // A product that sold and is still listed: its variants' history ends at the store's quantity.
    const removed = new Set(all.filter((c) => c.kind === "product_removed").map((c) => c.productId));
    const sale = sales.find((c) => !removed.has(c.productId))!;
    const product = await callApi<{
      variants: { variant_id: number; quantity: number; history: { quantity: number }[] }[];
      events: { pagination: { total: number } };
    }>("GET", "/api/store-detail/:slug/inventory/product/:shopifyId", pro, {
      values: { slug: "visible-test", shopifyId: String(sale.productId) },
    });
    expect(product.status).toBe(200);
    const productChanges = all.filter((c) => (c.kind === "sale" || c.kind === "restock") && c.productId === sale.productId);
    expect(product.body.events.pagination.total).toBe(productChanges.length);
    const variant = product.body.variants.find((v) => v.variant_id === sale.variantId)!;
    const lastChange = productChanges
      .filter((c) => c.kind !== "price_change" && "variantId" in c && c.variantId === sale.variantId)
      .at(-1)!;
    expect(variant.quantity).toBe((lastChange as { quantityAfter: number }).quantityAfter);
    const firstChange = productChanges.find((c) => "variantId" in c && c.variantId === sale.variantId)!;
    expect(variant.history[0]!.quantity).toBe((firstChange as { quantityBefore: number }).quantityBefore);
    expect(
      (
        await callApi("GET", "/api/store-detail/:slug/inventory/product/:shopifyId", pro, {
          values: { slug: "visible-test", shopifyId: "999999999" },
        })
      ).status,
    ).toBe(404);
  });

  it("compare (default: the latest two snapshots) matches the last day's changes", async () => {
    const last = changesByDay.visible.get(dayOf(virtualNow))!;
    const res = await callApi<{
      categories: Record<
        string,
        {
          totals: Record<string, number>;
          truncated: boolean;
          added: { id: string }[];
          removed: { id: string }[];
          changed: { id: string }[];
        }
      >;
    }>("GET", "/api/store-detail/:slug/compare", pro, { values: { slug: "visible-test" } });
    expect(res.status).toBe(200);
    const { categories } = res.body;
    const ids = (kind: FakeChange["kind"]) =>
      last
        .filter((c) => c.kind === kind)
        .map((c) =>
          String(
            "variantId" in c && kind !== "product_added" && kind !== "product_removed"
              ? c.variantId
              : (c as { productId: number }).productId,
          ),
        )
        .sort();
    expect(categories.prices!.changed.map((i) => i.id).sort()).toEqual(ids("price_change"));
    expect(categories.products!.added.map((i) => i.id).sort()).toEqual(ids("product_added"));
    expect(categories.products!.removed.map((i) => i.id).sort()).toEqual(ids("product_removed"));
    const flips = last.filter((c) => (c.kind === "sale" || c.kind === "restock") && c.availableBefore !== c.availableAfter);
    expect(categories.availability!.totals.changed).toBe(flips.length);
    expect(Object.values(categories).every((c) => !c.truncated)).toBe(true);
  });

  it("store-detail answers another user 404, an API key 403, an untracked store 404", async () => {
    for (const path of STORE_DETAIL_ENDPOINTS) {
      const values = { slug: "visible-test", shopifyId: "1" };
      const strangerRes = await callApi("GET", path, stranger, { values });
      expect(strangerRes.status, path).toBe(404);
      expect(strangerRes.body).toMatchObject({ code: "not_found" });
      expect((await callApi("GET", path, proKey, { values })).status, path).toBe(403);
      expect((await callApi("GET", path, free, { values: { slug: "hidden-test", shopifyId: "1" } })).status, path).toBe(404);
      expect((await callApi("GET", path, pro, { values: { slug: "no-such-store-test", shopifyId: "1" } })).status, path).toBe(404);
    }
  });

  it("cleanup drops old snapshots and leaves analytics, inventory and events unchanged", async () => {
    const read = async () =>
      Promise.all(
        ["/api/store-detail/:slug/analytics", "/api/store-detail/:slug/inventory", "/api/store-detail/:slug/inventory/events"].flatMap(
          (path) => ["visible-test", "hidden-test"].map((slug) => callApi("GET", path, pro, { values: { slug } })),
        ),
      );
    const before = await read();
    const snapshotJobs = async () => (await getDb().selectDistinct({ jobId: snapshotProducts.jobId }).from(snapshotProducts)).length;
    expect(await snapshotJobs()).toBe(2 * (DAYS + 1));
    // A report read before the cleanup has a stored body; the cleanup drops its snapshot rows.
    const [oldest] = await getDb()
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.slug, "visible-test"), eq(jobs.status, "completed")))
      .orderBy(jobs.completedAt)
      .limit(1);
    const readReport = (query = "") =>
      callApi<{ products: unknown[]; products_pagination?: { total: number } }>("GET", "/api/reports/:id", pro, {
        values: { id: oldest!.id },
        query,
      });
    const fullBefore = await readReport();
    expect(fullBefore.body.products.length).toBeGreaterThan(0);
    const storedBody = () => getDb().select({ etag: reportBodies.etag }).from(reportBodies).where(eq(reportBodies.jobId, oldest!.id));
    const [bodyBefore] = await storedBody();
    expect(bodyBefore).toBeDefined();

    process.env.SNAPSHOTS_KEEP_TRACKED = "2";
    resetEnvCache();
    try {
      const { runIds } = await sendEvent(snapshotCleanupRequested.create({}));
      for (const runId of runIds) {
        expect((await h.engine.executor!.waitForRun(runId, { timeoutMs: 60_000 })).status).toBe("completed");
      }
    } finally {
      delete process.env.SNAPSHOTS_KEEP_TRACKED;
      resetEnvCache();
    }

    expect(await snapshotJobs()).toBe(4);
    const [store] = await getDb().select().from(stores).where(eq(stores.slug, "visible-test"));
    const kept = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(snapshotProducts)
      .where(eq(snapshotProducts.jobId, store!.latestJobId!));
    expect(kept[0]!.n).toBeGreaterThan(0);
    expect(await read()).toEqual(before);

    // The completed report outlives its snapshot rows: same stored body, same answers.
    const full = await readReport();
    const paged = await readReport("?products_page=1");
    expect(full.body).toEqual(fullBefore.body);
    expect(paged.body.products_pagination!.total).toBe(fullBefore.body.products.length);
    const [bodyAfter] = await storedBody();
    expect(bodyAfter?.etag).toBe(bodyBefore!.etag);

    // Comparing with a pruned snapshot says so instead of reporting everything as added.
    const pruned = await callApi("GET", "/api/store-detail/:slug/compare", pro, {
      values: { slug: "visible-test" },
      query: `?from=${oldest!.id}&to=${store!.latestJobId}`,
    });
    expect(pruned.status).toBe(409);
  });

  it("compare caps each category at 500 items with totals and truncated", async () => {
    h.fakeStore.addStore(generatedStore("many.test", { products: 300, seed: 13, hugeVariantsEvery: 1_000_000 }));
    expect((await callApi("POST", "/api/shops", pro, { body: { domain: "many.test" } })).status).toBe(201);
    await waitFor(
      async () => {
        const rows = await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.slug, "many-test"));
        return rows.length === 1 && rows[0]!.status === "completed";
      },
      { timeoutMs: 60_000, what: "first analysis of many.test" },
    );
    // Tracked a minute ago, one snapshot: no sales figure yet, not a range from nothing.
    const fresh = await callApi<{
      enough_data: boolean;
      units_sold_30d: { case: string; value: number | null; range: { low: number; high: number } };
      top_sellers: unknown[];
    }>("GET", "/api/store-detail/:slug/inventory", pro, { values: { slug: "many-test" } });
    expect(fresh.body).toMatchObject({
      enough_data: false,
      units_sold_30d: { case: "not_enough_data", value: null, range: { low: 0, high: 0 } },
      top_sellers: [],
    });
    const changes = h.fakeStore.store("many.test").advance({ priceChanges: 620 });
    expect(changes.filter((c) => c.kind === "price_change")).toHaveLength(620);
    virtualNow += DAY;
    await runMonitor(3);

    const res = await callApi<{ categories: Record<string, { totals: { changed: number }; truncated: boolean; changed: unknown[] }> }>(
      "GET",
      "/api/store-detail/:slug/compare",
      pro,
      { values: { slug: "many-test" } },
    );
    expect(res.status).toBe(200);
    expect(res.body.categories.prices).toMatchObject({ totals: { changed: 620 }, truncated: true });
    expect(res.body.categories.prices!.changed).toHaveLength(500);
    expect(res.body.categories.products!.truncated).toBe(false);
  }, 300_000);

  it("untracking stops monitoring and store-detail access", async () => {
    expect((await callApi("DELETE", "/api/shops/:slug", pro, { values: { slug: "many-test" } })).status).toBe(200);
    expect((await callApi("DELETE", "/api/shops/:slug", pro, { values: { slug: "many-test" } })).status).toBe(404);
    expect((await callApi("GET", "/api/store-detail/:slug/analytics", pro, { values: { slug: "many-test" } })).status).toBe(404);
    virtualNow += DAY;
    await runMonitor(2);
    const [row] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.slug, "many-test"));
    expect(row!.n).toBe(2);
  }, 300_000);
});
