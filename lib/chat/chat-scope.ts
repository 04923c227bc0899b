import type { Store } from "@/db/schema";
import { getAnalyzedStore } from "@/lib/store-directory/get-analyzed-store";
import { tracksStore } from "@/lib/tracking";

/**
 * What one chat request may see: at most one store (the one the caller asked about, with
 * a completed analysis), and the caller's own tracking of it. Tools are built from this
 * and take no store or user argument, so nothing the model writes can widen it.
 */
export type ChatScope = {
  store:
    | (Pick<Store, "id" | "slug" | "domain" | "name" | "currency" | "country" | "themeName" | "exposesInventory"> & { latestJobId: string })
    | null;
  userId: string | null;
  /** The signed-in caller tracks this store: inventory and snapshot comparison are theirs to read. */
  tracksStore: boolean;
};

export async function resolveChatScope(options: { slug?: string; userId: string | null }): Promise<ChatScope> {
  const { slug, userId } = options;
  if (!slug) return { store: null, userId, tracksStore: false };

  const store = await getAnalyzedStore(slug);
  const { id, domain, name, currency, country, themeName, exposesInventory, latestJobId } = store;

  return {
    store: { id, slug: store.slug, domain, name, currency, country, themeName, exposesInventory, latestJobId },
    userId,
    tracksStore: userId ? await tracksStore(userId, id) : false,
  };
}
