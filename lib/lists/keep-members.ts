import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { listStores } from "@/db/schema";

const BATCH = 1_000;

/**
 * Makes list_stores hold exactly these stores for a segment list: the segment as of this
 * visit. Stores already kept keep their `added_at` (when they entered).
 */
export async function keepSegmentMembers(tx: DbOrTx, listId: string, storeIds: readonly string[]): Promise<void> {
  if (storeIds.length === 0) {
    await tx.delete(listStores).where(eq(listStores.listId, listId));
    return;
  }
  await tx.delete(listStores).where(and(eq(listStores.listId, listId), notInArray(listStores.storeId, [...storeIds])));
  await addMembers(tx, listId, storeIds);
}

/** Adds stores to a list (those already in it are left as they are); answers how many were new. */
export async function addMembers(tx: DbOrTx, listId: string, storeIds: readonly string[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < storeIds.length; i += BATCH) {
    const rows = await tx
      .insert(listStores)
      .values(storeIds.slice(i, i + BATCH).map((storeId) => ({ listId, storeId })))
      .onConflictDoNothing()
      .returning({ storeId: listStores.storeId });
    added += rows.length;
  }

  return added;
}

/** Removes stores from a list; answers how many were in it. */
export async function removeMembers(tx: DbOrTx, listId: string, storeIds: readonly string[]): Promise<number> {
  if (storeIds.length === 0) return 0;
  const rows = await tx
    .delete(listStores)
    .where(and(eq(listStores.listId, listId), inArray(listStores.storeId, [...storeIds])))
    .returning({ storeId: listStores.storeId });

  return rows.length;
}
