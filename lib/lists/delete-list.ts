import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { lists } from "@/db/schema";
import { getOwnedList } from "./owned-list";

/** DELETE /api/lists/:id: the list and its stores (list_stores cascades); the stores themselves stay. */
export async function deleteList(userId: string, id: string): Promise<{ deleted: true }> {
  const list = await getOwnedList(userId, id);
  await getDb().delete(lists).where(eq(lists.id, list.id));

  return { deleted: true };
}
