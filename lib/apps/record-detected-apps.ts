import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { apps, storeApps, stores } from "@/db/schema";
import { announceAnswerChanges, storeTopic } from "@/lib/answer-changes/answer-events";
import { findTechnology } from "./technologies";

/** The analysis whose report named the apps. */
export type AppsAnalysis = { storeId: string; jobId: string; at: Date };

/**
 * The apps a store runs, as one completed analysis detected them, replacing what the previous
 * one left: an app the store removed goes, so it no longer files the store in the directory
 * (`?app=`, /apps/<app>). Written in the transaction that completes the analysis
 * (recordStoreFacets, lib/pipeline/record-store-facets.ts), so a failed job files nothing. An app
 * of the technology list without a row yet (a technology of the fingerprint base that Shopify's
 * ScriptTag loader listed) gets one on first sight, named as the list names it; slugs nobody knows
 * stay out: they have no page to list the store on. The store page
 * lists its apps, so the change is announced with the write.
 */
export async function recordDetectedApps(
  db: DbOrTx,
  analysis: AppsAnalysis,
  detected: readonly { slug: string; evidence: string }[],
): Promise<void> {
  const { storeId, jobId, at } = analysis;
  // One row per app: the first evidence of an app reported twice.
  const evidence = new Map<string, string>();
  for (const app of detected) if (!evidence.has(app.slug)) evidence.set(app.slug, app.evidence);
  const slugs = [...evidence.keys()];

  await db
    .delete(storeApps)
    .where(and(eq(storeApps.storeId, storeId), slugs.length > 0 ? notInArray(storeApps.appSlug, slugs) : undefined));
  const listed = slugs.flatMap((slug) => {
    const tech = findTechnology(slug);
    return tech && tech.kind !== "tag" ? [{ slug, name: tech.name, category: tech.category, website: tech.website }] : [];
  });
  // Never overwrites: the catalog's sync and App Store lookups keep the rows they wrote.
  if (listed.length > 0) await db.insert(apps).values(listed).onConflictDoNothing({ target: apps.slug });
  const known = slugs.length > 0 ? await db.select({ slug: apps.slug }).from(apps).where(inArray(apps.slug, slugs)) : [];
  if (known.length > 0) {
    await db
      .insert(storeApps)
      .values(known.map(({ slug }) => ({ storeId, appSlug: slug, jobId, evidence: evidence.get(slug) ?? null, detectedAt: at })))
      .onConflictDoUpdate({
        target: [storeApps.storeId, storeApps.appSlug],
        set: { jobId, evidence: sql`excluded.evidence`, detectedAt: at },
      });
  }
  const [store] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, storeId));
  if (store) await announceAnswerChanges(db, [storeTopic(store.slug)]);
}
