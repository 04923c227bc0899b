import { and, count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { changelogEntries, inventoryEvents, jobs, reports, storeDailyCatalog, stores } from "@/db/schema";
import { deriveInventoryEvents } from "@/lib/reports/derive-inventory-events";
import { diffSnapshots } from "@/lib/reports/diff-snapshots";
import { saveSnapshotProducts } from "@/lib/reports/snapshot-products";
import type { Product } from "@/lib/shopify-reader/schemas";
import { sampleProduct, sampleStoreMeta } from "@/testing/directory-seed";
import { saveArtifact } from "@/lib/reports/artifacts";
import { buildReport } from "./build-report";
import { summarizeProducts } from "./report-content";

const BATCH = 7;
const crawl = {
  listingComplete: true,
  reconciliation: { sitemapRead: false, sitemapProducts: 0, recovered: 0, gone: 0, countedSitemaps: 0 },
};
const meta = sampleStoreMeta({ name: "Batch Edges" });

async function analyze(storeId: string, products: Product[]): Promise<string> {
  const [job] = await getDb().insert(jobs).values({ storeId, domain: "edges.test", slug: "edges-test", status: "running" }).returning();
  await saveSnapshotProducts(job!.id, products);
  await saveArtifact(job!.id, "store", { meta, canonicalDomain: "edges.test", cartCurrency: null });
  await buildReport(job!.id, crawl, { batchSize: BATCH });

  return job!.id;
}

const levelsOf = (products: Product[]) =>
  products.flatMap((p) => p.variants.map((v) => ({ productId: p.id, variantId: v.id, quantity: v.inventoryQuantity, available: v.available })));
/** Keys in one order, as jsonb stores them. */
const canonical = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
    : value;
/** Order-free comparison: the database keeps no insertion order, duplicates must still show. */
const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(canonical(row))).sort();
const repriced = (p: Product): Product => ({ ...p, variants: p.variants.map((v) => ({ ...v, price: (Number(v.price) + 1).toFixed(2) })) });
const flipped = (p: Product): Product => ({ ...p, variants: p.variants.map((v) => ({ ...v, available: !v.available })) });

describe("build-report over a catalogue many batches long", () => {
  it("records exactly the changes and inventory events of the whole-catalogue diff, none lost or doubled at batch edges", async () => {
    const previous = Array.from({ length: 60 }, (_, i) => sampleProduct(i)).filter((p) => p.id !== sampleProduct(13).id);
    const removed = new Set([1, 6, 7, 20, 58, 59].map((i) => sampleProduct(i).id));
    const current = [
      ...previous
        .filter((p) => !removed.has(p.id))
        .map((p, position) => {
          // Changes on the first and last product of batches, and in between.
          if (position % BATCH === 0 || position % BATCH === BATCH - 1) return repriced(p);
          if (position % 3 === 0) return flipped(p);
          if (position === 10) return { ...p, title: `${p.title} (new)`, tags: [...p.tags, "sale"] };
          return p;
        }),
      sampleProduct(13),
      sampleProduct(60),
      sampleProduct(61),
    ].sort((a, b) => a.id - b.id);

    const [store] = await getDb().insert(stores).values({ domain: "edges.test", slug: "edges-test" }).returning();
    await analyze(store!.id, previous);
    const jobId = await analyze(store!.id, current);

    const expected = diffSnapshots(
      { products: previous, collections: [], pages: [], listingComplete: true },
      { products: current, collections: [], pages: [], listingComplete: true },
    );
    expect(expected.filter((c) => c.subject === "product" && c.change !== "changed")).toHaveLength(9);
    const entries = await getDb()
      .select({
        subject: changelogEntries.subject,
        change: changelogEntries.change,
        subjectId: changelogEntries.subjectId,
        title: changelogEntries.title,
        before: changelogEntries.before,
        after: changelogEntries.after,
      })
      .from(changelogEntries)
      .where(eq(changelogEntries.jobId, jobId));
    // The changelog keeps no product id of its own (a change's productId only feeds the counts).
    expect(sorted(entries)).toEqual(sorted(expected.map(({ productId: _productId, ...change }) => change)));
    // "No before" is SQL NULL, not a jsonb null: queries filter on it.
    const [{ n } = { n: -1 }] = await getDb()
      .select({ n: count() })
      .from(changelogEntries)
      .where(and(eq(changelogEntries.jobId, jobId), isNull(changelogEntries.before)));
    expect(n).toBe(expected.filter((c) => c.before === null).length);

    const events = await getDb()
      .select({
        productId: inventoryEvents.productId,
        variantId: inventoryEvents.variantId,
        kind: inventoryEvents.kind,
        delta: inventoryEvents.delta,
        basis: inventoryEvents.basis,
        previousQuantity: inventoryEvents.previousQuantity,
      })
      .from(inventoryEvents)
      .where(eq(inventoryEvents.jobId, jobId));
    const expectedEvents = deriveInventoryEvents(levelsOf(previous), levelsOf(current));
    expect(expectedEvents.length).toBeGreaterThan(0);
    expect(sorted(events)).toEqual(sorted(expectedEvents));

    const [report] = await getDb().select().from(reports).where(eq(reports.jobId, jobId));
    expect(report!.summary).toEqual({ ...summarizeProducts(current), collection_count: 0, page_count: 0, changes: expected.length });
    const [day] = await getDb().select().from(storeDailyCatalog).where(eq(storeDailyCatalog.jobId, jobId));
    expect(day!.products).toBe(current.length);
    expect(day!.variants).toBe(current.length * 2);
  });
});

describe("build-report of two analyses of one store at once", () => {
  it("completes both, one after the other, also when the first completion settles the store's slug", async () => {
    // The store holds a suffix while a placeholder that never completed holds its base slug, so
    // the first completion rewrites the store's slug (a key update) after writing rows that
    // reference the store.
    await getDb().insert(stores).values({ domain: "pair.test-x", slug: "pair-test" });
    const [store] = await getDb().insert(stores).values({ domain: "pair.test", slug: "pair-test-2" }).returning();
    const products = Array.from({ length: 40 }, (_, i) => sampleProduct(i));
    const start = async () => {
      const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain: "pair.test", slug: "pair-test-2", status: "running" }).returning();
      await saveSnapshotProducts(job!.id, products);
      await saveArtifact(job!.id, "store", { meta, canonicalDomain: "pair.test", cartCurrency: null });

      return job!.id;
    };
    const ids = [await start(), await start()];

    await Promise.all(ids.map((id) => buildReport(id, crawl, { batchSize: BATCH })));

    const done = await getDb().select({ status: jobs.status, slug: jobs.slug }).from(jobs).where(eq(jobs.storeId, store!.id));
    expect(done).toEqual([
      { status: "completed", slug: "pair-test" },
      { status: "completed", slug: "pair-test" },
    ]);
  });
});
