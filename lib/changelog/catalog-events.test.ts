import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores, type Store } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getStoreTimeline } from "@/lib/history/get-store-timeline";
import { ApiError } from "@/lib/http/errors";
import { getInventorySummary } from "@/lib/inventory/inventory-summary";
import { getPriceHistory } from "@/lib/inventory/price-history";
import { getProductInventory } from "@/lib/inventory/product-history";
import { SALES_VALUE_METHOD } from "@/lib/inventory/sales-value";
import { listCompletedJobs } from "@/lib/jobs/list-completed-jobs";
import { installTimeSource } from "@/lib/time-of-record";
import { pruneSnapshotBatch } from "@/lib/tracking/cleanup-snapshots";
import { generatedStore, type FakeChange } from "@/testing/fake-store";
import { formatCents } from "@/testing/fake-store/records";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { listCatalogEvents, listJobCatalogEvents } from "./list-catalog-events";
import type { CatalogEvent } from "./schemas";

// Between two analyses the fake store cuts one variant's price, raises another's, sells a
// product out, adds a product and removes one: the catalog events, the price history and the
// sales in money say exactly that, from the snapshots the pipeline kept.

const DOMAIN = "catalog-events.test";
let h: PipelineHarness;
let store: Store;
let first: string;
let second: string;
let truth: FakeChange[];
const picked = {} as {
  cheaper: { productId: number; variantId: number; before: string; after: string };
  dearer: { productId: number; variantId: number; before: string; after: string };
  soldOut: { productId: number; handle: string; variants: { id: number; units: number; cents: number }[] };
  removed: { productId: number; handle: string };
};

async function analyze(): Promise<string> {
  const job = await h.submitAndWait(DOMAIN);
  expect(job.status).toBe("completed");

  return job.id;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// The analyses are a day apart on the time of record: sales figures wait for snapshots spanning
// 20 hours (lib/inventory/sales-velocity.ts).
let virtualNow = Date.now();

beforeAll(async () => {
  h = await startPipeline();
  installTimeSource(() => new Date(virtualNow));
  h.fakeStore.addStore(generatedStore(DOMAIN, { products: 12, seed: 21, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));
  const catalog = h.fakeStore.store(DOMAIN).shop!.catalog;
  const [a, b, c, d] = catalog.newestFirst(0, 4).map((slot) => catalog.mutable(slot));
  // Every variant of the product to sell out has stock, so each one sells out.
  for (const variant of c!.variants) variant.inventoryQuantity = 3 + (variant.id % 4);
  first = await analyze();

  const va = a!.variants[0]!;
  const vb = b!.variants[0]!;
  picked.cheaper = {
    productId: a!.id,
    variantId: va.id,
    before: formatCents(va.priceCents),
    after: formatCents(Math.floor(va.priceCents / 2)),
  };
  picked.dearer = { productId: b!.id, variantId: vb.id, before: formatCents(vb.priceCents), after: formatCents(vb.priceCents + 500) };
  picked.soldOut = {
    productId: c!.id,
    handle: c!.handle,
    variants: c!.variants.map((v) => ({ id: v.id, units: v.inventoryQuantity, cents: v.priceCents })),
  };
  picked.removed = { productId: d!.id, handle: d!.handle };
  virtualNow += 24 * 3_600_000;
  truth = h.fakeStore.store(DOMAIN).advance({
    minutes: 24 * 60,
    priceChanges: [
      { variantId: va.id, price: picked.cheaper.after },
      { variantId: vb.id, price: picked.dearer.after },
    ],
    sales: picked.soldOut.variants.map((v) => ({ variantId: v.id, quantity: v.units })),
    addProducts: 1,
    removeProducts: [d!.id],
  });
  second = await analyze();
  store = (await getDb().select().from(stores).where(eq(stores.domain, DOMAIN)))[0]!;
}, 240_000);

afterAll(async () => {
  installTimeSource(null);
  await h?.stop();
});

const kindsOf = (events: { kind: string }[]) => events.map((e) => e.kind).sort();

const ofKind = <K extends CatalogEvent["kind"]>(events: CatalogEvent[], kind: K) =>
  events.filter((e): e is Extract<CatalogEvent, { kind: K }> => e.kind === kind);

describe("catalog events between two analyses", () => {
  it("carry both prices of each changed variant, either direction, and the two analyses as evidence", async () => {
    const { data, coverage } = await listCatalogEvents(store, { limit: 100 });
    const prices = ofKind(data, "price_changed").sort((x, y) => x.after.price!.localeCompare(y.after.price!));
    expect(
      prices
        .map((e) => ({
          variant: e.subject.variant_id,
          product: e.subject.product_id,
          before: e.before.price,
          after: e.after.price,
          direction: e.direction,
        }))
        .sort((x, y) => x.variant! - y.variant!),
    ).toEqual(
      [
        {
          variant: picked.cheaper.variantId,
          product: picked.cheaper.productId,
          before: picked.cheaper.before,
          after: picked.cheaper.after,
          direction: "down",
        },
        {
          variant: picked.dearer.variantId,
          product: picked.dearer.productId,
          before: picked.dearer.before,
          after: picked.dearer.after,
          direction: "up",
        },
      ].sort((x, y) => x.variant - y.variant),
    );
    for (const event of data)
      expect(event.evidence).toMatchObject({ job_id: second, previous_job_id: first, analyzed_at: expect.any(String) });
    expect(coverage).toMatchObject({
      analyses: 2,
      first_analyzed_at: expect.any(String),
      snapshots_cleaned_up: 0,
      snapshots_kept_since: null,
    });
    expect(coverage.note).not.toMatch(/cleaned up/);
  });

  it("say which variants sold out, which product was added (with its publish date) and which was removed", async () => {
    const { data } = await listCatalogEvents(store, { limit: 100 });
    const soldOut = ofKind(data, "sold_out");
    expect(soldOut.map((e) => e.subject.variant_id).sort()).toEqual(picked.soldOut.variants.map((v) => v.id).sort());
    for (const e of soldOut) expect(e.subject).toMatchObject({ product_id: picked.soldOut.productId, handle: picked.soldOut.handle });
    expect(ofKind(data, "back_in_stock")).toEqual([]);

    const added = truth.flatMap((c) => (c.kind === "product_added" ? [c] : []));
    expect(added).toHaveLength(1);
    const catalog = h.fakeStore.store(DOMAIN).shop!.catalog;
    const record = catalog.product(catalog.slotOfProductId(added[0]!.productId)!);
    const [addedEvent, ...more] = ofKind(data, "product_added");
    expect(more).toEqual([]);
    expect(addedEvent!.subject).toMatchObject({ product_id: record.id, handle: record.handle });
    expect(Date.parse(addedEvent!.after.published_at!)).toBe(Date.parse(record.published_at));

    expect(ofKind(data, "product_removed").map((e) => e.subject)).toEqual([
      { product_id: picked.removed.productId, variant_id: null, title: expect.any(String), handle: picked.removed.handle },
    ]);
  });

  it("pages by cursor through the same events, filters by kind, and refuses a cursor it never gave", async () => {
    const all = (await listCatalogEvents(store, { limit: 100 })).data.map((e) => e.id);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listCatalogEvents(store, { limit: 2, cursor });
      paged.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(paged.length);
    const sold = await listCatalogEvents(store, { limit: 100, kind: "sold_out" });
    expect(sold.data.every((e) => e.kind === "sold_out")).toBe(true);
    expect(sold.data).toHaveLength(picked.soldOut.variants.length);
    await expect(listCatalogEvents(store, { limit: 5, cursor: "bm90IGEgY3Vyc29y" })).rejects.toBeInstanceOf(ApiError);
  });

  it("are what the later job produced, and the first analysis produced none", async () => {
    const byId = (events: CatalogEvent[]) => [...events].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(await listJobCatalogEvents(second))).toEqual(byId((await listCatalogEvents(store, { limit: 100 })).data));
    expect(await listJobCatalogEvents(first)).toEqual([]);
  });
});

describe("price history and sales in money", () => {
  it("lists both prices of the cut variant, the first as first seen, the second as a drop", async () => {
    const history = await getPriceHistory(store, picked.cheaper.productId);
    const variant = history.variants.find((v) => v.variant_id === picked.cheaper.variantId)!;
    expect(variant.points.map((p) => ({ price: p.price, change: p.change, job: p.job_id }))).toEqual([
      { price: picked.cheaper.before, change: "first_seen", job: null },
      { price: picked.cheaper.after, change: "down", job: second },
    ]);
    expect(variant.price).toBe(picked.cheaper.after);
    expect(history.known_since).toBe(store.firstAnalyzedAt!.toISOString());
  });

  it("prices the sold-out product's units at its prices: units × price range, with the method", async () => {
    const product = await getProductInventory(store, picked.soldOut.productId, { page: 1, per_page: 20 });
    const units = picked.soldOut.variants.reduce((sum, v) => sum + v.units, 0);
    expect(product.units_sold).toMatchObject({ basis: "observed", value: units, range: { low: units, high: units } });
    const cents = picked.soldOut.variants.map((v) => v.cents);
    const [low, high] = [Math.min(...cents) / 100, Math.max(...cents) / 100];
    expect(product.sales_value).toEqual({
      currency: store.currency,
      basis: "observed",
      value: round2(units * ((low + high) / 2)),
      range: { low: round2(units * low), high: round2(units * high) },
      unpriced_products: 0,
      method: SALES_VALUE_METHOD,
    });

    const summary = await getInventorySummary(store);
    expect(summary.sales_value_30d).toMatchObject({
      value: product.sales_value.value,
      range: product.sales_value.range,
      method: SALES_VALUE_METHOD,
    });
    expect(summary.best_sellers_measured).toEqual([
      { product_id: picked.soldOut.productId, title: expect.any(String), measured_units: units, sales_value: product.sales_value },
    ]);
  });
});

describe("what the answers say plainly", () => {
  it("a store analyzed once: no catalog events and no timeline events, each answer saying why", async () => {
    h.fakeStore.addStore(generatedStore("analyzed-once.test", { products: 3, seed: 4 }));
    const job = await h.submitAndWait("analyzed-once.test");
    expect(job.status).toBe("completed");
    const once = (await getDb().select().from(stores).where(eq(stores.domain, "analyzed-once.test")))[0]!;

    const events = await listCatalogEvents(once, { limit: 100 });
    expect(events.data).toEqual([]);
    expect(events.coverage).toMatchObject({ analyses: 1, snapshots_cleaned_up: 0 });
    expect(events.coverage.note).toBe("Analyzed once: catalog events need two analyses, so none can be told yet.");
    const timeline = await getStoreTimeline(once.slug, { page: 1, per_page: 50 });
    expect(timeline.data).toEqual([]);
    expect(timeline.note).toMatch(/^Analyzed once so far \(first analysis on \d{4}-\d{2}-\d{2}\): changes show from the next analysis\.$/);
  });

  // Last: cleanup drops the first snapshot of the store the tests above read.
  it("after cleanup dropped the first snapshot: the same events, and the answer says what a dropped snapshot can no longer tell", async () => {
    const before = await listCatalogEvents(store, { limit: 100 });
    const timelineBefore = await getStoreTimeline(store.slug, { page: 1, per_page: 50 });
    process.env.SNAPSHOTS_KEEP_UNTRACKED = "1";
    resetEnvCache();
    try {
      expect((await pruneSnapshotBatch(new Date())).jobs).toBeGreaterThan(0);
    } finally {
      delete process.env.SNAPSHOTS_KEEP_UNTRACKED;
      resetEnvCache();
    }

    const after = await listCatalogEvents(store, { limit: 100 });
    // The changelog keeps what its rows say (a removed product's handle among it), and the kept
    // latest snapshot names the products still there: nothing these events said is lost.
    expect(after.data).toEqual(before.data);
    expect(ofKind(after.data, "product_removed").map((e) => e.subject.handle)).toEqual([picked.removed.handle]);
    const [secondJob] = await listCompletedJobs(store.id, { ids: [second] });
    expect(after.coverage).toMatchObject({
      analyses: 2,
      snapshots_cleaned_up: 1,
      snapshots_kept_since: secondJob!.completedAt!.toISOString(),
    });
    expect(after.coverage.note).toContain(
      `The snapshots of 1 older analysis before ${secondJob!.completedAt!.toISOString().slice(0, 10)} were cleaned up: their events stay`,
    );

    // The timeline reads reports and the changelog, which cleanup keeps: it is unchanged, and says nothing is missing.
    expect(await getStoreTimeline(store.slug, { page: 1, per_page: 50 })).toEqual(timelineBefore);
    expect(timelineBefore.note).toBeNull();
    expect(kindsOf(timelineBefore.data)).toEqual(["price_changed", "price_changed", "product_added", "product_removed"]);
  });
});
