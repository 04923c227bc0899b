import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { storeApps } from "@/db/schema";

/** The apps a job detected on a store's storefront; a detection seen again moves to this job. */
export async function recordDetectedApps(
  storeId: string,
  jobId: string,
  apps: { slug: string; evidence: string }[],
  db: DbOrTx = getDb(),
): Promise<void> {
  if (apps.length === 0) return;
  await db
    .insert(storeApps)
    .values(apps.map((app) => ({ storeId, appSlug: app.slug, jobId, evidence: app.evidence })))
    .onConflictDoUpdate({
      target: [storeApps.storeId, storeApps.appSlug],
      set: { jobId, evidence: sql`excluded.evidence`, detectedAt: new Date() },
    });
}
