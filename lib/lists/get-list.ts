import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { listStores, lists } from "@/db/schema";
import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import { currentMembers, segmentCount } from "./list-members";
import { toListView } from "./list-view";
import { getOwnedList } from "./owned-list";
import type { ListOwner } from "./plan-limits";
import type { ListDetail, ListLists } from "./schemas";

/** GET /api/lists: the user's lists, oldest first, each with its store count now, and the plan's limits. */
export async function listLists(owner: ListOwner): Promise<ListLists> {
  const rows = await getDb().select().from(lists).where(eq(lists.userId, owner.id)).orderBy(asc(lists.createdAt), asc(lists.id));
  const picked = await getDb()
    .select({ listId: listStores.listId, n: sql<number>`count(*)::int` })
    .from(listStores)
    .innerJoin(lists, eq(lists.id, listStores.listId))
    .where(eq(lists.userId, owner.id))
    .groupBy(listStores.listId);
  const counts = new Map(picked.map((row) => [row.listId, row.n]));
  const limits = listLimitsFor(owner.plan);
  const data = await Promise.all(
    rows.map(async (list) => toListView(list, list.kind === "segment" ? await segmentCount(list.segment) : (counts.get(list.id) ?? 0))),
  );

  return { data, limits: { plan: owner.plan, lists: limits.lists, stores_per_list: limits.storesPerList, used: rows.length } };
}

/** GET /api/lists/:id: the list and its stores now (at most the plan's stores per list). */
export async function getList(owner: ListOwner, id: string): Promise<ListDetail> {
  const list = await getOwnedList(owner.id, id);
  const cap = listLimitsFor(owner.plan).storesPerList;
  const members = await currentMembers(list, cap);

  return {
    ...toListView(list, members.total),
    stores: members.stores.map(({ slug, domain, name }) => ({ slug, domain, name })),
    capped: members.total > members.stores.length,
  };
}
