import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { stores, type Store } from "@/db/schema";
import { notFound } from "@/lib/http/errors";

/** A store with a completed analysis, by slug; any other slug is the same 404 as an unknown one. */
export type AnalyzedStore = Store & { latestJobId: string };

export async function getAnalyzedStore(slug: string): Promise<AnalyzedStore> {
  const [store] = await getDb().select().from(stores).where(eq(stores.slug, slug)).limit(1);
  if (!store?.latestJobId) throw notFound(`Store ${slug}`);

  return store as AnalyzedStore;
}
