import { eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { listStores, lists } from "@/db/schema";
import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import { ApiError } from "@/lib/http/errors";
import { currentTime } from "@/lib/time-of-record";
import { addMembers, removeMembers } from "./keep-members";
import { getOwnedList } from "./owned-list";
import { listLimitReached, type ListOwner } from "./plan-limits";
import { resolveStores } from "./resolve-stores";
import type { ListStoresResult } from "./schemas";

async function handPicked(owner: ListOwner, id: string) {
  const list = await getOwnedList(owner.id, id);
  // A segment's stores are what its query finds; picking would be overwritten at the next visit.
  if (list.kind !== "stores")
    throw new ApiError("conflict", "A segment list's stores follow its query; save a hand-picked list to pick stores");

  return list;
}

async function countOf(listId: string, db: DbOrTx = getDb()) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listStores)
    .where(eq(listStores.listId, listId));
  return n;
}

/** POST /api/lists/:id/stores: adds analyzed stores to a hand-picked list, within the plan's stores per list. */
export async function addListStores(owner: ListOwner, id: string, slugs: string[]): Promise<ListStoresResult> {
  const list = await handPicked(owner, id);
  const { found, unknown } = await resolveStores(slugs);
  const limit = listLimitsFor(owner.plan).storesPerList;

  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list:${list.id}`}))`);
    const changed = await addMembers(
      tx,
      list.id,
      found.map((s) => s.id),
    );
    const count = await countOf(list.id, tx);
    // Checked after the insert, in its transaction: refusing rolls the whole request back.
    if (count > limit) throw listLimitReached(owner, "list_store_limit", count - changed);
    await tx.update(lists).set({ updatedAt: currentTime() }).where(eq(lists.id, list.id));
    return { store_count: count, changed, unknown };
  });
}

/** DELETE /api/lists/:id/stores: removes stores from a hand-picked list. */
export async function removeListStores(owner: ListOwner, id: string, slugs: string[]): Promise<ListStoresResult> {
  const list = await handPicked(owner, id);
  const { found, unknown } = await resolveStores(slugs);
  const changed = await getDb().transaction(async (tx) => {
    const removed = await removeMembers(
      tx,
      list.id,
      found.map((s) => s.id),
    );
    await tx.update(lists).set({ updatedAt: currentTime() }).where(eq(lists.id, list.id));
    return removed;
  });

  return { store_count: await countOf(list.id), changed, unknown };
}
