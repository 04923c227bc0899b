import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { deleteInBatches } from "@/db/delete-in-batches";
import { inventoryLevels } from "@/db/schema";

/** Drops the inventory levels of old jobs (their events stay), a batch of rows per statement. */
export async function deleteInventoryLevelsOfJobs(db: DbOrTx, jobIds: string[]): Promise<void> {
  await deleteInBatches(db, inventoryLevels, inArray(inventoryLevels.jobId, jobIds));
}
