import { and, count, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { changelogEntries, inventoryEvents, inventoryLevels, jobs, reports, storeDailyCatalog, stores } from "@/db/schema";
import { listInventoryEvents } from "@/lib/inventory/inventory-events";
import { recordChangelogEntries } from "@/lib/changelog/record-changelog-entries";
import { deriveInventoryEvents } from "@/lib/inventory/derive-inventory-events";
import { diffSnapshots } from "@/lib/snapshots/diff-snapshots";
import { saveSnapshotProducts } from "@/lib/snapshots/snapshot-products";
import type { Product } from "@/lib/shopify-reader/schemas";
import { sampleProduct, sampleStoreMeta } from "@/testing/directory-seed";
import { saveArtifact } from "@/lib/snapshots/artifacts";
import { buildReport } from "./build-report";
import { recordCatalog } from "./record-changes";
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
  products.flatMap((p) =>
    p.variants.map((v) => ({ productId: p.id, variantId: v.id, quantity: v.inventoryQuantity, available: v.available })),
  );
/** Keys in one order, as jsonb stores them. */
const canonical = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, canonical(v)]),
      )
    : value;
/** Order-free comparison: the database keeps no insertion order, duplicates must still show. */
const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(canonical(row))).sort();
const repriced = (p: Product): Product => ({ ...p, variants: p.variants.map((v) => ({ ...v, price: (Number(v.price) + 1).toFixed(2) })) });
const flipped = (p: Product): Product => ({ ...p, variants: p.variants.map((v) => ({ ...v, available: !v.available })) });

describe("build-report over a catalog many batches long", () => {
  it("records exactly the changes and inventory events of the whole-catalog diff, none lost or doubled at batch edges", async () => {
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
  it("completes both, the later measured against the earlier, also when the first completion settles the store's slug", async () => {
    // The store holds a suffix while a placeholder that never completed holds its base slug, so
    // the first completion rewrites the store's slug (a key update) after writing rows that
    // reference the store.
    await getDb().insert(stores).values({ domain: "pair.test-x", slug: "pair-test" });
    const [store] = await getDb().insert(stores).values({ domain: "pair.test", slug: "pair-test-2" }).returning();
    const products = Array.from({ length: 40 }, (_, i) => sampleProduct(i));
    const start = async (catalog: Product[]) => {
      const [job] = await getDb()
        .insert(jobs)
        .values({ storeId: store!.id, domain: "pair.test", slug: "pair-test-2", status: "running" })
        .returning();
      await saveSnapshotProducts(job!.id, catalog);
      await saveArtifact(job!.id, "store", { meta, canonicalDomain: "pair.test", cartCurrency: null });

      return job!.id;
    };
    // The second has one product more: whichever completes later finds one product added or removed.
    const ids = [await start(products), await start([...products, sampleProduct(40)])];

    await Promise.all(ids.map((id) => buildReport(id, crawl, { batchSize: BATCH })));

    const done = await getDb().select({ status: jobs.status, slug: jobs.slug }).from(jobs).where(eq(jobs.storeId, store!.id));
    expect(done).toEqual([
      { status: "completed", slug: "pair-test" },
      { status: "completed", slug: "pair-test" },
    ]);
    // Both derived their rows as a first analysis; the later completion found the earlier one
    // done meanwhile and derived them again against it.
    const entries = await getDb()
      .select({ jobId: changelogEntries.jobId, previousJobId: changelogEntries.previousJobId, change: changelogEntries.change })
      .from(changelogEntries)
      .where(eq(changelogEntries.storeId, store!.id));
    expect(entries).toHaveLength(1);
    const [later, earlier] = entries[0]!.jobId === ids[0] ? ids : [ids[1]!, ids[0]!];
    expect(entries[0]).toEqual({ jobId: later, previousJobId: earlier, change: later === ids[1] ? "added" : "removed" });
  });
});

describe("build-report while other requests come", () => {
  it("lets other statements run while it walks the catalog: the database is never held for the whole build", async () => {
    const [store] = await getDb().insert(stores).values({ domain: "busy.test", slug: "busy-test" }).returning();
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain: "busy.test", slug: "busy-test", status: "running" })
      .returning();
    const products = Array.from({ length: 120 }, (_, i) => sampleProduct(i));
    await saveSnapshotProducts(job!.id, products);
    await saveArtifact(job!.id, "store", { meta, canonicalDomain: "busy.test", cartCurrency: null });

    let built = false;
    const build = buildReport(job!.id, crawl, { batchSize: 5 }).then((result) => {
      built = true;
      return result;
    });
    // Other readers, one after another, until the build ends: some must answer while it runs
    // and see its levels part-written (one transaction over the build would hold them all until
    // it committed, and show them nothing or everything).
    const seen: number[] = [];
    while (!built) {
      const [row] = await queryRows<{ n: number }>(
        getDb(),
        sql`select count(*)::int as n from ${inventoryLevels} where job_id = ${job!.id}`,
      );
      if (!built) seen.push(row!.n);
    }
    await build;
    const all = products.length * 2;
    expect(seen.some((n) => n > 0 && n < all)).toBe(true);
  });

  it("shows a job's inventory events and changelog only once the job has completed", async () => {
    const [store] = await getDb().insert(stores).values({ domain: "later.test", slug: "later-test" }).returning();
    const before = Array.from({ length: 20 }, (_, i) => sampleProduct(i));
    const firstId = await analyze(store!.id, before);
    const [second] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain: "later.test", slug: "later-test", status: "running" })
      .returning();
    const after = before.map(flipped);
    await saveSnapshotProducts(second!.id, after);
    const [first] = await getDb().select().from(jobs).where(eq(jobs.id, firstId));

    // The rows a build writes before its completing transaction, as a crash would leave them.
    await recordCatalog(getDb(), second!, first!, { collections: [], pages: [], listingComplete: true }, new Date(), BATCH);
    const [{ n: written } = { n: 0 }] = await getDb()
      .select({ n: count() })
      .from(inventoryEvents)
      .where(eq(inventoryEvents.jobId, second!.id));
    expect(written).toBeGreaterThan(0);
    const [storeRow] = await getDb().select().from(stores).where(eq(stores.id, store!.id));
    const listed = await listInventoryEvents(storeRow!, { page: 1, per_page: 100 });
    expect(listed.pagination.total).toBe(0);

    // The retry clears them and writes each once.
    await saveArtifact(second!.id, "store", { meta, canonicalDomain: "later.test", cartCurrency: null });
    await buildReport(second!.id, crawl, { batchSize: BATCH });
    const expected = deriveInventoryEvents(levelsOf(before), levelsOf(after));
    const events = await listInventoryEvents(storeRow!, { page: 1, per_page: 100 });
    expect(events.pagination.total).toBe(expected.length);
    const [{ n: changes } = { n: 0 }] = await getDb()
      .select({ n: count() })
      .from(changelogEntries)
      .where(eq(changelogEntries.jobId, second!.id));
    expect(changes).toBe(
      diffSnapshots(
        { products: before, collections: [], pages: [], listingComplete: true },
        { products: after, collections: [], pages: [], listingComplete: true },
      ).length,
    );
  });

  it("files the store in the directory under the countries its latest report says it ships to", async () => {
    const [store] = await getDb().insert(stores).values({ domain: "ships.test", slug: "ships-test" }).returning();
    const analyzeShippingTo = async (shipsToCountries: string[]) => {
      const [job] = await getDb()
        .insert(jobs)
        .values({ storeId: store!.id, domain: "ships.test", slug: "ships-test", status: "running" })
        .returning();
      await saveSnapshotProducts(job!.id, [sampleProduct(1)]);
      await saveArtifact(job!.id, "store", { meta: { ...meta, shipsToCountries }, canonicalDomain: "ships.test", cartCurrency: null });
      await buildReport(job!.id, crawl);
    };
    const marketsOf = async () => (await getDb().select().from(stores).where(eq(stores.id, store!.id)))[0]!.markets;

    await analyzeShippingTo(["SE", "no", "DE"]);
    expect(await marketsOf()).toEqual(["SE", "NO", "DE"]);
    // The latest analysis replaces what an earlier one found.
    await analyzeShippingTo(["US"]);
    expect(await marketsOf()).toEqual(["US"]);
    // Its price figures too, for the directory's price filter: sample product 1 sells at 11.99 and 16.99.
    const [row] = await getDb().select().from(stores).where(eq(stores.id, store!.id));
    expect({ min: row!.priceMin, max: row!.priceMax, median: row!.priceMedian }).toEqual({ min: 11.99, max: 16.99, median: 11.99 });
  });

  it("clears changelog rows an interrupted attempt left before building again", async () => {
    const [store] = await getDb().insert(stores).values({ domain: "again.test", slug: "again-test" }).returning();
    const products = Array.from({ length: 10 }, (_, i) => sampleProduct(i));
    const firstId = await analyze(store!.id, products);
    const [second] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain: "again.test", slug: "again-test", status: "running" })
      .returning();
    await saveSnapshotProducts(second!.id, products);
    await saveArtifact(second!.id, "store", { meta, canonicalDomain: "again.test", cartCurrency: null });
    await recordChangelogEntries(getDb(), { jobId: second!.id, storeId: store!.id, previousJobId: firstId }, [
      { subject: "product", change: "removed", subjectId: "1", title: "left by a crash", before: null, after: null },
    ]);

    await buildReport(second!.id, crawl, { batchSize: BATCH });

    const [{ n } = { n: -1 }] = await getDb().select({ n: count() }).from(changelogEntries).where(eq(changelogEntries.jobId, second!.id));
    expect(n).toBe(0);
  });
});
