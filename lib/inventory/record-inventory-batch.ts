import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { inventoryLevels } from "@/db/schema";
import type { Product } from "@/lib/shopify-reader/schemas";
import { deriveInventoryEvents, type DerivedInventoryEvent, type InventoryLevel } from "./derive-inventory-events";
import { recordInventoryEvents } from "./record-inventory-events";
import { recordInventoryLevels } from "./record-inventory-levels";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 1000;

export type InventoryBatchJob = {
  jobId: string;
  storeId: string;
  at: Date;
  /** The store's previous completed analysis, and the days since it; null for its first. */
  previous: { jobId: string; intervalDays: number } | null;
};

export type RecordedInventoryBatch = {
  events: DerivedInventoryEvent[];
  /** Whether any variant of the batch shows its inventory_quantity (most stores hide it since 2017). */
  exposesInventory: boolean;
};

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

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

/**
 * One batch of a job's snapshot products: their inventory levels, and the sale and restock
 * events since the store's previous analysis (measured against its levels of the same variants).
 * Given the database rather than a transaction, each statement commits on its own; readers see
 * the rows once the job completes (levels by completed job, events through fromCompletedJob).
 */
export async function recordInventoryBatch(db: DbOrTx, job: InventoryBatchJob, products: Product[]): Promise<RecordedInventoryBatch> {
  const levels = inventoryLevelsOf(products);
  const exposesInventory = levels.some((level) => level.quantity !== null);
  if (levels.length === 0) return { events: [], exposesInventory };
  await insertInBatches(levels, (batch) => recordInventoryLevels(db, { jobId: job.jobId, storeId: job.storeId, at: job.at }, batch));
  const { previous } = job;
  if (!previous) return { events: [], exposesInventory };
  // One array parameter, not one per variant: a batch may hold thousands of variants.
  const variantIds = `{${levels.map((level) => level.variantId).join(",")}}`;
  const before = await db
    .select({
      productId: inventoryLevels.productId,
      variantId: inventoryLevels.variantId,
      quantity: inventoryLevels.quantity,
      available: inventoryLevels.available,
    })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.jobId, previous.jobId), sql`${inventoryLevels.variantId} = any(${variantIds}::bigint[])`));
  const events = deriveInventoryEvents(before, levels);
  await insertInBatches(events, (batch) =>
    recordInventoryEvents(
      db,
      batch.map((event) => ({ jobId: job.jobId, storeId: job.storeId, occurredAt: job.at, intervalDays: previous.intervalDays, ...event })),
    ),
  );

  return { events, exposesInventory };
}
