import type { DetectedApp, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import { findLearnedApps, recordSeenAppHandles } from "./app-store-listings";

export type NamedApps = {
  apps: DetectedApp[];
  unidentified: UnidentifiedApp[];
  /** Handles seen for the first time: a lookup is owed for each (resolve-app-listings). */
  newHandles: string[];
};

/**
 * Detection, with the handles the catalog did not know named after their App Store listing where a
 * lookup found one: each becomes an app (the listing's name, its developer and rating), once, and
 * one whose developer is Shopify is Shopify's own (`first_party`). The
 * rest stay unidentified, named by their handle as the page gave it, and any handle not seen
 * before is kept for a lookup. Reads and writes this process's database only: the App Store itself
 * is asked by the resolve-app-listings function, never on an analysis's path. `recordNew: false`
 * only reads (a quick look: a visitor without an account writes nothing, and no lookup follows).
 */
export async function nameAppsFromAppStore(
  detection: { apps: DetectedApp[]; unidentified: UnidentifiedApp[] },
  { recordNew = true }: { recordNew?: boolean } = {},
): Promise<NamedApps> {
  const handles = detection.unidentified.flatMap((app) => (app.handle ? [app.handle] : []));
  if (handles.length === 0) return { ...detection, newHandles: [] };
  const learned = await findLearnedApps(handles);
  const apps = [...detection.apps];
  const reported = new Set(apps.map((app) => app.slug));
  const unidentified: UnidentifiedApp[] = [];
  for (const entry of detection.unidentified) {
    const app = entry.handle ? learned.get(entry.handle) : undefined;
    if (!app) {
      unidentified.push(entry);
      continue;
    }
    // Two traces (a block handle and an extension folder) of one app report it once.
    if (reported.has(app.slug)) continue;
    reported.add(app.slug);
    apps.push({
      slug: app.slug,
      name: app.name,
      category: app.category,
      evidence: entry.evidence,
      source: entry.source,
      confidence: entry.confidence,
      app_store: { handle: app.handle, developer: app.developer, rating: app.rating, review_count: app.reviewCount },
      // Shopify's own apps (Forms, Search & Discovery, Subscriptions …) are the platform's, never a third party's.
      ...(app.developer?.trim().toLowerCase() === "shopify" ? { first_party: true as const } : {}),
    });
  }
  if (!recordNew) return { apps, unidentified, newHandles: [] };
  const newHandles = await recordSeenAppHandles(unidentified.flatMap((app) => (app.handle ? [app.handle] : [])));

  return { apps, unidentified, newHandles };
}
