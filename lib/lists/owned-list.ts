import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { lists, type List } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

/** The user's list by id; another user's list answers the same 404 as none (no telling which ids exist). */
export async function getOwnedList(userId: string, id: string, db: DbOrTx = getDb()): Promise<List> {
  const [list] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.id, id), eq(lists.userId, userId)));
  if (!list) throw new ApiError("not_found", "No list with this id");

  return list;
}
