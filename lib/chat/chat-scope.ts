import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { stores, trackedShops, type Store } from "@/db/schema";
import { notFound } from "@/lib/http/errors";

/**
 * What one chat request may see: at most one store (the one the caller asked about, with
 * a completed analysis), and the caller's own tracking of it. Tools are built from this
 * and take no store or user argument, so nothing the model writes can widen it.
 */
export type ChatScope = {
  store: (Pick<Store, "id" | "slug" | "domain" | "name" | "currency" | "country" | "themeName" | "exposesInventory"> & { latestJobId: string }) | null;
  userId: string | null;
  /** The signed-in caller tracks this store: inventory and snapshot comparison are theirs to read. */
  tracksStore: boolean;
};

export async function resolveChatScope(options: { slug?: string; userId: string | null }): Promise<ChatScope> {
  const { slug, userId } = options;
  if (!slug) return { store: null, userId, tracksStore: false };

  const [store] = await getDb()
    .select({
      id: stores.id,
      slug: stores.slug,
      domain: stores.domain,
      name: stores.name,
      currency: stores.currency,
      country: stores.country,
      themeName: stores.themeName,
      exposesInventory: stores.exposesInventory,
      latestJobId: stores.latestJobId,
    })
    .from(stores)
    .where(eq(stores.slug, slug))
    .limit(1);
  if (!store?.latestJobId) throw notFound(`Store ${slug}`);

  let tracksStore = false;
  if (userId) {
    const [tracked] = await getDb()
      .select({ id: trackedShops.id })
      .from(trackedShops)
      .where(and(eq(trackedShops.userId, userId), eq(trackedShops.storeId, store.id)))
      .limit(1);
    tracksStore = Boolean(tracked);
  }

  return { store: { ...store, latestJobId: store.latestJobId }, userId, tracksStore };
}
