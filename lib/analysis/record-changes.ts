import { and, desc, eq, ne } from "drizzle-orm";
import type { Transaction } from "@/db";
import { changelogEntries, inventoryEvents, inventoryLevels, jobs, type Job } from "@/db/schema";
import { deriveInventoryEvents, type DerivedInventoryEvent, type InventoryLevel } from "@/lib/reports/derive-inventory-events";
import { diffSnapshots, type Change, type Snapshot } from "@/lib/reports/diff-snapshots";
import { loadSnapshotProducts } from "@/lib/reports/snapshot-products";
import { loadArtifact } from "./artifacts";

const BATCH = 1000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The store's latest completed job before this one: what the changes are measured against. */
export async function findPreviousCompletedJob(tx: Transaction, job: Job): Promise<Job | null> {
  const [previous] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.storeId, job.storeId), eq(jobs.status, "completed"), ne(jobs.id, job.id)))
    .orderBy(desc(jobs.completedAt))
    .limit(1);

  return previous ?? null;
}

async function loadSnapshot(tx: Transaction, job: Job): Promise<Snapshot> {
  const [products, collections, pages] = await Promise.all([
    loadSnapshotProducts(job.id, tx),
    loadArtifact(job.id, "collections", tx),
    loadArtifact(job.id, "pages", tx),
  ]);

  return {
    products,
    collections: collections?.collections ?? [],
    pages: pages?.pages ?? [],
    listingComplete: job.listingComplete ?? false,
  };
}

/** Writes the changelog of `job` against `previous` (none for a store's first analysis). */
export async function recordChangelog(
  tx: Transaction,
  job: Job,
  previous: Job | null,
  current: Snapshot,
): Promise<Change[]> {
  if (!previous) return [];
  const changes = diffSnapshots(await loadSnapshot(tx, previous), current);
  await insertInBatches(changes, (batch) =>
    tx
      .insert(changelogEntries)
      .values(batch.map((change) => ({ jobId: job.id, storeId: job.storeId, previousJobId: previous.id, ...change }))),
  );

  return changes;
}

/** Inventory levels of this snapshot, and the sale/restock events since the previous one. */
export async function recordInventory(
  tx: Transaction,
  job: Job,
  previous: Job | null,
  levels: InventoryLevel[],
  at: Date,
): Promise<DerivedInventoryEvent[]> {
  await insertInBatches(levels, (batch) =>
    tx.insert(inventoryLevels).values(batch.map((level) => ({ jobId: job.id, storeId: job.storeId, recordedAt: at, ...level }))),
  );
  if (!previous) return [];
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
    tx.insert(inventoryEvents).values(batch.map((event) => ({ jobId: job.id, storeId: job.storeId, occurredAt: at, ...event }))),
  );

  return events;
}
