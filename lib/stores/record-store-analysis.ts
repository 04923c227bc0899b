import { eq, sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { stores } from "@/db/schema";

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
 * confirmed it (attachJobToShop).
 */
export async function recordStoreAnalysis(tx: Transaction, storeId: string, analysis: StoreAnalysis): Promise<void> {
  const { jobId, at, ...fields } = analysis;
  await tx
    .update(stores)
    .set({
      ...fields,
      latestJobId: jobId,
      lastAnalyzedAt: at,
      firstAnalyzedAt: sql`coalesce(${stores.firstAnalyzedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(stores.id, storeId));
}
