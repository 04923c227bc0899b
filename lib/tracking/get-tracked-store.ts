import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { stores, trackedStores, type Store } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

/**
 * The store behind /api/store-detail/:slug, only when the signed-in user tracks it. An
 * unknown store and another user's store answer the same 404, so existence does not leak.
 */
export async function getTrackedStore(userId: string, slug: string): Promise<Store> {
  const [row] = await getDb()
    .select({ store: stores })
    .from(stores)
    .innerJoin(trackedStores, and(eq(trackedStores.storeId, stores.id), eq(trackedStores.userId, userId)))
    .where(eq(stores.slug, slug));
  if (!row) throw new ApiError("not_found", "No tracked store with this slug");

  return row.store;
}
