import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { deleteInBatches } from "@/db/delete-in-batches";
import { inventoryEvents, inventoryLevels, productSaleSignals } from "@/db/schema";

/**
 * Drops what one job wrote of inventory (levels, events, sale signals), a batch at a time:
 * the rows an interrupted report build left, before it is built again.
 */
export async function clearJobInventory(db: DbOrTx, jobId: string): Promise<void> {
  await deleteInBatches(db, inventoryLevels, eq(inventoryLevels.jobId, jobId));
  await deleteInBatches(db, inventoryEvents, eq(inventoryEvents.jobId, jobId));
  await deleteInBatches(db, productSaleSignals, eq(productSaleSignals.jobId, jobId));
}
