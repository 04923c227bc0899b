import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { lists } from "@/db/schema";
import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import { currentTime } from "@/lib/time-of-record";
import { getList } from "./get-list";
import { keepSegmentMembers } from "./keep-members";
import { segmentMembers } from "./list-members";
import { getOwnedList } from "./owned-list";
import type { ListOwner } from "./plan-limits";
import type { ListDetail, UpdateListBody } from "./schemas";

/**
 * PATCH /api/lists/:id: renames, turns its alerts on or off, or marks it seen. Seen: changes
 * count from now, and a segment's stores as of now are kept (what the next visit compares
 * with, and whom list alerts cover until then: alerts follow a segment as of the owner's last
 * visit, so turning them on does not move what "entered" and "left" are measured against).
 */
export async function updateList(owner: ListOwner, id: string, body: UpdateListBody): Promise<ListDetail> {
  const list = await getOwnedList(owner.id, id);
  const now = currentTime();
  const refresh = list.kind === "segment" && body.seen === true;
  const members = refresh ? await segmentMembers(list.segment, listLimitsFor(owner.plan).storesPerList) : null;
  await getDb().transaction(async (tx) => {
    await tx
      .update(lists)
      .set({
        ...(body.name !== undefined && { name: body.name }),
        ...(body.alerts !== undefined && { alerts: body.alerts }),
        ...(body.seen && { seenAt: now }),
        updatedAt: now,
      })
      .where(eq(lists.id, list.id));
    if (members)
      await keepSegmentMembers(
        tx,
        list.id,
        members.stores.map((s) => s.id),
      );
  });

  return getList(owner, id);
}
