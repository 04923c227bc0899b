import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { stores, trackedStores } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

/** DELETE /api/shops/:slug: stop tracking. The store's history stays; monitoring stops when nobody tracks it. */
export async function untrackStore(userId: string, slug: string) {
  const deleted = await getDb()
    .delete(trackedStores)
    .where(
      and(
        eq(trackedStores.userId, userId),
        inArray(trackedStores.storeId, getDb().select({ id: stores.id }).from(stores).where(eq(stores.slug, slug))),
      ),
    )
    .returning({ id: trackedStores.id });
  if (deleted.length === 0) throw new ApiError("not_found", "You do not track this store");

  return { slug, tracked: false as const };
}
