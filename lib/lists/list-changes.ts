import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import { listStoresEvents } from "@/lib/history/list-stores-events";
import { currentMembers, keptMembers, type MemberStore } from "./list-members";
import { getOwnedList } from "./owned-list";
import type { ListOwner } from "./plan-limits";
import type { ListChanges, ListChangesQuery } from "./schemas";

const ref = ({ slug, domain, name }: MemberStore) => ({ slug, domain, name });

/**
 * GET /api/lists/:id/changes: what changed in the list since the owner's last visit (or
 * `since`): for a segment, the stores that entered and left it against the stores kept at that
 * visit; for every list, the technology and catalog events on its stores (lib/history), newest
 * first. Reading changes nothing: PATCH with `seen: true` marks the visit.
 */
export async function listChanges(owner: ListOwner, id: string, query: ListChangesQuery): Promise<ListChanges> {
  const list = await getOwnedList(owner.id, id);
  const since = query.since ? new Date(query.since) : list.seenAt;
  const cap = listLimitsFor(owner.plan).storesPerList;
  const now = await currentMembers(list, cap);
  const kept = list.kind === "segment" ? await keptMembers(list.id) : now.stores;
  const keptIds = new Set(kept.map((s) => s.id));
  const nowIds = new Set(now.stores.map((s) => s.id));
  const entered = list.kind === "segment" ? now.stores.filter((s) => !keptIds.has(s.id)) : [];
  const left = list.kind === "segment" ? kept.filter((s) => !nowIds.has(s.id)) : [];
  // Events of the stores that left count too: they happened while the store was in the list.
  const byId = new Map([...kept, ...now.stores].map((s) => [s.id, s]));
  const { events, total } = await listStoresEvents([...byId.keys()], since, query.limit);

  return {
    since: since.toISOString(),
    entered: entered.map(ref),
    left: left.map(ref),
    events: events.map(({ storeId, ...event }) => ({ ...event, store: ref(byId.get(storeId)!) })),
    events_total: total,
  };
}
