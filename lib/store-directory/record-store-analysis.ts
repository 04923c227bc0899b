import { eq, sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { stores, type Store } from "@/db/schema";
import { announceAnswerChanges, reportTopic, storeTopic } from "@/lib/answer-changes/answer-events";
import { takeBaseSlug, type SlugChange } from "./take-base-slug";

export type StoreAnalysis = {
  jobId: string;
  at: Date;
  name: string | null;
  description: string | null;
  currency: string | null;
  country: string | null;
  productCount: number;
  collectionCount: number;
  pageCount: number;
  exposesInventory: boolean;
  /** The report's price figures (major units): its lowest and highest variant price, its products' median lowest price. */
  prices?: { min: string | null; max: string | null; median: number | null };
};

/** A price the report names, as a number the directory filters by; null when it is not a plain finite one. */
function priceValue(value: string | number | null | undefined): number | null {
  const number = typeof value === "string" ? Number(value) : value;

  return typeof number === "number" && Number.isFinite(number) && number >= 0 ? number : null;
}

/**
 * The store's row as this analysis left it (the job's report records it as its own view of the
 * store), and every slug that changed with it.
 */
export type RecordedStoreAnalysis = { store: Store; slugChanges: SlugChange[] };

/**
 * Holds the store's row until the caller's transaction ends, so two analyses of one store
 * complete one after the other. Taken before the transaction writes any row that references the
 * store: such a write takes a key-share lock on it, and two completions each holding one while
 * waiting to update the row (its slug, under a unique index) would deadlock. `no key update`
 * leaves new jobs of the store free to reference it meanwhile.
 */
export async function lockStoreForAnalysis(tx: Transaction, storeId: string): Promise<void> {
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for("no key update");
}

/**
 * The store's directory row follows its latest completed analysis: its figures here, its
 * technologies before (recordStoreTechnologies, in the same transaction). Not its identity
 * (`myshopify_domain`): that is what the store says about itself, recorded only once Shopify
 * confirmed it (attachJobToStore, lib/jobs/attach-job-to-store.ts). A first analysis also settles
 * the store's slug (takeBaseSlug, docs/decisions.md §6.2): the caller moves the jobs of every
 * store in `slugChanges` to its new slug.
 */
export async function recordStoreAnalysis(tx: Transaction, storeId: string, analysis: StoreAnalysis): Promise<RecordedStoreAnalysis> {
  const { jobId, at, prices, ...fields } = analysis;
  const [before] = await tx.select({ latestJobId: stores.latestJobId }).from(stores).where(eq(stores.id, storeId));
  const slugChanges = await takeBaseSlug(tx, storeId);
  const [changed] = await tx
    .update(stores)
    .set({
      ...fields,
      priceMin: priceValue(prices?.min),
      priceMax: priceValue(prices?.max),
      priceMedian: priceValue(prices?.median),
      latestJobId: jobId,
      lastAnalyzedAt: at,
      firstAnalyzedAt: sql`coalesce(${stores.firstAnalyzedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(stores.id, storeId))
    .returning();
  if (!changed) throw new Error(`store ${storeId} not found`);
  // The store page now shows this report, a slug that moved names another page or none, and the
  // report that was the latest now offers the latest one's exports no more: copies kept in
  // memory go when this commits.
  const slugs = new Set([changed.slug, ...slugChanges.flatMap((change) => [change.from, change.to])]);
  const previous = before?.latestJobId && before.latestJobId !== jobId ? [reportTopic(before.latestJobId)] : [];
  await announceAnswerChanges(tx, [...[...slugs].map(storeTopic), ...previous]);

  return { store: changed, slugChanges };
}
