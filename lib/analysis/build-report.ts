import { and, desc, eq, ne, sql } from "drizzle-orm";
import { getDb, type Transaction } from "@/db";
import {
  changelogEntries,
  inventoryEvents,
  inventoryLevels,
  jobs,
  reports,
  stores,
  type Job,
} from "@/db/schema";
import { publishJobMessage } from "@/lib/realtime/publish-job-message";
import { deriveInventoryEvents, type InventoryLevel } from "@/lib/reports/derive-inventory-events";
import { diffSnapshots, type Snapshot } from "@/lib/reports/diff-snapshots";
import type { Product } from "@/lib/shopify/schemas";
import { loadArtifact, type Artifact } from "./artifacts";
import { summarizeProducts, buildMetadata } from "./report-content";
import { loadSnapshotProducts } from "./snapshot-products";

const BATCH = 1000;

export type BuildReportResult = { products: number; changes: number; alreadyBuilt: boolean };

function inventoryLevelsOf(products: Product[]): InventoryLevel[] {
  return products.flatMap((product) =>
    product.variants.map((variant) => ({
      productId: product.id,
      variantId: variant.id,
      quantity: variant.inventoryQuantity,
      available: variant.available,
    })),
  );
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function previousCompletedJob(tx: Transaction, job: Job): Promise<Job | null> {
  const [previous] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.storeId, job.storeId), eq(jobs.status, "completed"), ne(jobs.id, job.id)))
    .orderBy(desc(jobs.completedAt))
    .limit(1);

  return previous ?? null;
}

async function previousSnapshot(tx: Transaction, previous: Job): Promise<Snapshot> {
  const [products, collections, pages] = await Promise.all([
    loadSnapshotProducts(previous.id, tx),
    loadArtifact(previous.id, "collections", tx),
    loadArtifact(previous.id, "pages", tx),
  ]);

  return {
    products,
    collections: collections?.collections ?? [],
    pages: pages?.pages ?? [],
    listingComplete: previous.listingComplete ?? false,
  };
}

type Gathered = {
  store: Artifact<"store">;
  collections: Artifact<"collections"> | null;
  pages: Artifact<"pages"> | null;
  storefront: Artifact<"storefront"> | null;
};

async function gather(jobId: string): Promise<Gathered> {
  const [store, collections, pages, storefront] = await Promise.all([
    loadArtifact(jobId, "store"),
    loadArtifact(jobId, "collections"),
    loadArtifact(jobId, "pages"),
    loadArtifact(jobId, "storefront"),
  ]);
  if (!store) throw new Error(`job ${jobId} has no store artifact: resolve-store did not run`);

  return { store, collections, pages, storefront };
}

/**
 * The last data step of a job, in ONE transaction: the report, the changelog against the
 * store's previous completed snapshot, inventory levels and events, the store's directory
 * row, and the job marked completed. A crash anywhere rolls it all back for the retry; a
 * replay after success finds the report and does nothing.
 */
export async function buildReport(jobId: string, listingComplete: boolean): Promise<BuildReportResult> {
  const [existing] = await getDb().select({ jobId: reports.jobId }).from(reports).where(eq(reports.jobId, jobId));
  if (existing) return { products: 0, changes: 0, alreadyBuilt: true };

  const gathered = await gather(jobId);
  const products = await loadSnapshotProducts(jobId);
  const current: Snapshot = {
    products,
    collections: gathered.collections?.collections ?? [],
    pages: gathered.pages?.pages ?? [],
    listingComplete,
  };
  const levels = inventoryLevelsOf(products);
  const exposesInventory = levels.some((level) => level.quantity !== null);

  return getDb().transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!job) throw new Error(`job ${jobId} not found`);
    const now = new Date();

    const previous = await previousCompletedJob(tx, job);
    const changes = previous ? diffSnapshots(await previousSnapshot(tx, previous), current) : [];
    await insertInBatches(changes, (batch) =>
      tx.insert(changelogEntries).values(
        batch.map((change) => ({ jobId, storeId: job.storeId, previousJobId: previous!.id, ...change })),
      ),
    );

    await insertInBatches(levels, (batch) =>
      tx.insert(inventoryLevels).values(batch.map((level) => ({ jobId, storeId: job.storeId, recordedAt: now, ...level }))),
    );
    if (previous) {
      const before = await tx
        .select({
          productId: inventoryLevels.productId,
          variantId: inventoryLevels.variantId,
          quantity: inventoryLevels.quantity,
          available: inventoryLevels.available,
        })
        .from(inventoryLevels)
        .where(eq(inventoryLevels.jobId, previous.id));
      const events = deriveInventoryEvents(before, levels);
      await insertInBatches(events, (batch) =>
        tx.insert(inventoryEvents).values(batch.map((event) => ({ jobId, storeId: job.storeId, occurredAt: now, ...event }))),
      );
    }

    const summary = { ...summarizeProducts(products), collection_count: current.collections.length, page_count: current.pages.length, changes: changes.length };
    await tx.insert(reports).values({
      jobId,
      storeId: job.storeId,
      collections: current.collections,
      pages: current.pages,
      metadata: buildMetadata({ ...gathered, listingComplete, exposesInventory, productCount: products.length }),
      summary,
    });

    const { meta } = gathered.store;
    await tx
      .update(stores)
      .set({
        name: meta.name,
        description: meta.description,
        currency: meta.currency,
        country: meta.country,
        myshopifyDomain: meta.myshopifyDomain,
        themeName: gathered.storefront?.theme?.name ?? null,
        productCount: products.length,
        collectionCount: current.collections.length,
        pageCount: current.pages.length,
        exposesInventory,
        latestJobId: jobId,
        lastAnalyzedAt: now,
        firstAnalyzedAt: sql`coalesce(${stores.firstAnalyzedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(stores.id, job.storeId));

    const [completed] = await tx
      .update(jobs)
      .set({
        status: "completed",
        step: "build-report",
        progress: 1,
        listingComplete,
        counts: { ...job.counts, products: products.length, collections: current.collections.length, pages: current.pages.length, changes: changes.length },
        completedAt: now,
        updatedAt: now,
      })
      .where(eq(jobs.id, jobId))
      .returning();
    await publishJobMessage(completed!, tx);

    return { products: products.length, changes: changes.length, alreadyBuilt: false };
  });
}
