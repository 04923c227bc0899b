import { eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { storeApps, stores } from "@/db/schema";
import { announceAnswerChanges, storeTopic } from "@/lib/answer-changes/answer-events";

/**
 * The apps a job detected on a store's storefront; a detection seen again moves to this job.
 * The store page lists the store's apps (before this job's report completes, too), so the
 * change is announced with the write: copies of the page kept in memory go when it commits.
 */
export async function recordDetectedApps(
  storeId: string,
  jobId: string,
  apps: { slug: string; evidence: string }[],
  db: DbOrTx = getDb(),
): Promise<void> {
  if (apps.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(storeApps)
      .values(apps.map((app) => ({ storeId, appSlug: app.slug, jobId, evidence: app.evidence })))
      .onConflictDoUpdate({
        target: [storeApps.storeId, storeApps.appSlug],
        set: { jobId, evidence: sql`excluded.evidence`, detectedAt: new Date() },
      });
    const [store] = await tx.select({ slug: stores.slug }).from(stores).where(eq(stores.id, storeId));
    if (store) await announceAnswerChanges(tx, [storeTopic(store.slug)]);
  });
}
