import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { inventoryLevels } from "@/db/schema";

/** Drops the inventory levels of old jobs (their events stay), inside the caller's transaction. */
export async function deleteInventoryLevelsOfJobs(tx: DbOrTx, jobIds: string[]): Promise<void> {
  await tx.delete(inventoryLevels).where(inArray(inventoryLevels.jobId, jobIds));
}
