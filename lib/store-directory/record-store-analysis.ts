import { eq, sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { stores, type Store } from "@/db/schema";
import { announceAnswerChanges, storeTopic } from "@/lib/public-answers/answer-events";

export type StoreAnalysis = {
  jobId: string;
  at: Date;
  name: string | null;
  description: string | null;
  currency: string | null;
  country: string | null;
  themeName: string | null;
  productCount: number;
  collectionCount: number;
  pageCount: number;
  exposesInventory: boolean;
};

/**
 * The store's directory row follows its latest completed analysis. Not its identity
 * (`myshopify_domain`): that is what the store says about itself, recorded only once Shopify
 * confirmed it (attachJobToShop, lib/jobs/attach-job-to-shop.ts). Answers the row as this
 * analysis left it, which the job's report records as its own view of the store.
 */
export async function recordStoreAnalysis(tx: Transaction, storeId: string, analysis: StoreAnalysis): Promise<Store> {
  const { jobId, at, ...fields } = analysis;
  const changed = await tx
    .update(stores)
    .set({
      ...fields,
      latestJobId: jobId,
      lastAnalyzedAt: at,
      firstAnalyzedAt: sql`coalesce(${stores.firstAnalyzedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(stores.id, storeId))
    .returning();
  // The store page now shows this report: copies kept in memory go when this commits.
  await announceAnswerChanges(tx, changed.map((store) => storeTopic(store.slug)));
  const [store] = changed;
  if (!store) throw new Error(`store ${storeId} not found`);

  return store;
}
