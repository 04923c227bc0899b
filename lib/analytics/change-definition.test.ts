/**
 * One meaning of "a change" on a tracked store: the heat graph's count for a day equals what
 * Compare counts between that day's snapshot and the one before it, and both count items — a
 * product, collection or page added, removed or changed, a product once however many of its
 * variants, prices or stock flags moved — never sales, restocks or variant-level moves one by
 * one. Real pipeline, real PostgreSQL, a fake store moved a day at a time.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, users } from "@/db/schema";
import { installTimeSource } from "@/lib/time-of-record";
import { createTestSession, createTestUser } from "@/testing/auth/fixtures";
import { generatedStore, type FakeChange } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import type { InventorySummary } from "@/lib/inventory/schemas";
import { callApi, type Caller } from "@/testing/tracking/api-calls";
import { waitFor } from "@/testing/wait-for";
import { snapshotComparisonSchema, storeAnalyticsSchema, type SnapshotComparison, type StoreAnalytics } from "./schemas";

const DAY = 86_400_000;
let h: PipelineHarness;
let virtualNow = Date.UTC(2026, 3, 10, 9);
const reader: Caller = {};
/** job id → what the fake store changed before that snapshot. */
const changesOf = new Map<string, FakeChange[]>();
const jobOrder: string[] = [];

/** The changes a reader expects from the store's own list: items, a product once. */
function expectedCounts(changes: FakeChange[]) {
  const added = new Set(changes.flatMap((c) => (c.kind === "product_added" ? [c.productId] : [])));
  const removed = new Set(changes.flatMap((c) => (c.kind === "product_removed" ? [c.productId] : [])));
  const changed = new Set(
    changes.flatMap((c) =>
      c.kind === "price_change" || ((c.kind === "sale" || c.kind === "restock") && c.availableBefore !== c.availableAfter)
        ? [c.productId]
        : [],
    ),
  );
  for (const id of [...added, ...removed]) changed.delete(id);
  const counts: Record<string, number> = {
    product_added: added.size,
    product_removed: removed.size,
    product_changed: changed.size,
    page_added: changes.filter((c) => c.kind === "page_added").length,
    collection_added: changes.filter((c) => c.kind === "collection_added").length,
  };

  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

async function analyzeAgain() {
  const res = await h.submit({ domain: "changes.test" });
  expect(res.status).toBe(201);
  const { job } = (await res.json()) as { job: { id: string } };
  expect((await h.waitForJob(job.id)).status).toBe("completed");

  return job.id;
}

beforeAll(async () => {
  installTimeSource(() => new Date(virtualNow));
  h = await startPipeline();
  h.fakeStore.addStore(generatedStore("changes.test", { products: 30, seed: 21, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));
  const user = await createTestUser();
  await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));
  reader.cookie = await createTestSession(user.id);
  expect((await callApi("POST", "/api/shops", reader, { body: { domain: "changes.test" } })).status).toBe(201);
  const first = await waitFor(
    async () => {
      const [job] = await getDb().select().from(jobs).where(eq(jobs.slug, "changes-test"));
      return job?.status === "completed" ? job : null;
    },
    { timeoutMs: 60_000, what: "the first analysis" },
  );
  jobOrder.push(first.id);

  const days = [
    { dailySales: true, priceChanges: 6 },
    { sales: 4, restocks: 2, priceChanges: 3, addProducts: 1, removeProducts: 1, addPages: 1 },
    { dailySales: true, addCollections: 1 },
  ];
  for (const options of days) {
    virtualNow += DAY;
    const changes = h.fakeStore.store("changes.test").advance({ minutes: 24 * 60, ...options });
    const jobId = await analyzeAgain();
    changesOf.set(jobId, changes);
    jobOrder.push(jobId);
  }
}, 180_000);

afterAll(async () => {
  installTimeSource(null);
  await h?.stop();
});

describe("a change means the same on the heat graph and in Compare", () => {
  it("counts for each day exactly what Compare counts between that day's snapshot and the one before", async () => {
    const analytics = await callApi<StoreAnalytics>("GET", "/api/store-detail/:slug/analytics", reader, {
      values: { slug: "changes-test" },
    });
    expect(analytics.status).toBe(200);
    storeAnalyticsSchema.parse(analytics.body);
    const cells = new Map(analytics.body.heat_graph.cells.map((cell) => [cell.day, cell]));
    let detailOnlyDays = 0;

    for (let i = 1; i < jobOrder.length; i++) {
      const compare = await callApi<SnapshotComparison>("GET", "/api/store-detail/:slug/compare", reader, {
        values: { slug: "changes-test" },
        query: `?from=${jobOrder[i - 1]}&to=${jobOrder[i]}`,
      });
      expect(compare.status).toBe(200);
      snapshotComparisonSchema.parse(compare.body);
      const day = compare.body.to.completed_at!.slice(0, 10);
      const cell = cells.get(day)!;
      expect(cell.snapshots, day).toBe(1);
      const expected = expectedCounts(changesOf.get(jobOrder[i]!)!);
      const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

      expect(cell.counts, day).toEqual(expected);
      expect(nonZero(compare.body.changes.counts), day).toEqual(expected);
      expect(cell.total, day).toBe(compare.body.changes.total);
      // Sales, restocks and per-variant moves are shown beside the count, never in it.
      const moved = Object.values(cell.details).reduce((a, b) => a + b, 0);
      if (moved > cell.total) detailOnlyDays++;
    }
    // The store moved more variants, prices and stock than it changed products: the old count would differ.
    expect(detailOnlyDays).toBeGreaterThan(0);
  });

  it("lists the snapshots Compare can be given, and links each changed product by its handle", async () => {
    const compare = await callApi<SnapshotComparison>("GET", "/api/store-detail/:slug/compare", reader, {
      values: { slug: "changes-test" },
    });
    expect(compare.status).toBe(200);
    expect(compare.body.snapshots.map((s) => s.job_id)).toEqual([...jobOrder].reverse());
    expect(compare.body.snapshots.every((s) => s.comparable)).toBe(true);
    const items = [
      ...compare.body.categories.products.changed,
      ...compare.body.categories.availability.changed,
      ...compare.body.categories.products.added,
    ];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.product_id).toEqual(expect.any(Number));
      expect(item.handle).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it("states the window the sales figures come from, and daily sales are a rate over it", async () => {
    const res = await callApi<InventorySummary>("GET", "/api/store-detail/:slug/inventory", reader, { values: { slug: "changes-test" } });
    expect(res.status).toBe(200);
    expect(res.body.window).toMatchObject({ snapshots: 4, observed_days: 3 });
    const units = res.body.units_sold_30d;
    expect(units.value).toBeGreaterThan(0);
    expect(res.body.estimated_daily_sales.value).toBeCloseTo(units.value! / 3, 1);
    expect(res.body.estimated_daily_sales.range.high).toBeCloseTo(units.range.high / 3, 1);
  });

  it("lists the latest snapshot's newest products with their dates, and its low stock", async () => {
    const res = await callApi<InventorySummary>("GET", "/api/store-detail/:slug/inventory", reader, { values: { slug: "changes-test" } });
    expect(res.status).toBe(200);
    const newest = res.body.newest_products;
    expect(newest.length).toBeGreaterThan(0);
    // Dated from the snapshot (the store's publish date), newest first.
    expect(newest.every((p) => p.published_at !== null)).toBe(true);
    const times = newest.map((p) => Date.parse(p.published_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const low = res.body.low_stock;
    if (low.basis === "observed") {
      const units = low.products.map((p) => p.units);
      expect(units).toEqual([...units].sort((a, b) => a - b));
      expect(units.every((n) => n > 0)).toBe(true);
    } else expect(low.products).toEqual([]);
  });
});
