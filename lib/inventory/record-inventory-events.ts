import type { DbOrTx } from "@/db";
import { inventoryEvents } from "@/db/schema";

/** Sale and restock events derived from two snapshots, inside the caller's transaction. */
export async function recordInventoryEvents(tx: DbOrTx, events: (typeof inventoryEvents.$inferInsert)[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(inventoryEvents).values(events);
}
