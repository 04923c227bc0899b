import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { lists } from "@/db/schema";
import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import { ApiError } from "@/lib/http/errors";
import { addMembers, keepSegmentMembers } from "./keep-members";
import { segmentMembers } from "./list-members";
import { toListView } from "./list-view";
import { listLimitReached, type ListOwner } from "./plan-limits";
import { resolveStores } from "./resolve-stores";
import type { CreateListBody, ListView } from "./schemas";
import { parseSegment } from "./segment";

/**
 * POST /api/lists: saves a segment or a hand-picked set of stores, within the plan's lists and
 * stores per list. A segment's stores as of now are kept, so the first visit after can say
 * which entered and which left.
 */
export async function createList(owner: ListOwner, body: CreateListBody): Promise<ListView> {
  const limits = listLimitsFor(owner.plan);
  const segment = body.segment === undefined ? null : parseSegment(body.segment);
  const picked = body.stores ? await resolveStores(body.stores) : null;
  if (picked && picked.found.length === 0) {
    throw new ApiError("invalid_request", `No analyzed store with these slugs: ${picked.unknown.slice(0, 5).join(", ")}`);
  }
  if (picked && picked.found.length > limits.storesPerList) throw listLimitReached(owner, "list_store_limit", picked.found.length);

  const members = segment ? await segmentMembers(segment, limits.storesPerList) : null;

  const list = await getDb().transaction(async (tx) => {
    // Counted under a lock of the owner's lists, so two saves at once cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lists:${owner.id}`}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(lists)
      .where(eq(lists.userId, owner.id));
    if (n >= limits.lists) throw listLimitReached(owner, "list_limit", n);
    const [row] = await tx
      .insert(lists)
      .values({ userId: owner.id, name: body.name, kind: segment ? "segment" : "stores", segment, alerts: body.alerts })
      .returning();
    if (members)
      await keepSegmentMembers(
        tx,
        row!.id,
        members.stores.map((s) => s.id),
      );
    if (picked)
      await addMembers(
        tx,
        row!.id,
        picked.found.map((s) => s.id),
      );
    return row!;
  });

  return toListView(list, members ? members.total : picked!.found.length);
}
