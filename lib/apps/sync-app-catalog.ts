import { sql } from "drizzle-orm";
import { type Database, getDb } from "@/db";
import { apps } from "@/db/schema";
import { APP_DETECTOR_SOURCE } from "@/lib/technologies/schemas";
import type { App } from "./schemas";
import { APP_CATALOG } from "./catalog";
import { TECHNOLOGIES } from "./technologies";

/** An `apps` row as the catalogs give it. */
type AppRow = { slug: string; name: string; category: string; website: string | null; description: string | null };

/**
 * The apps of the one technology list that are not our catalog's: the imported bases' Shopify
 * apps (kind "app": the list of Shopify apps, the fingerprint base's). Detection reports them as
 * apps (report-apps.ts), so they need rows for store_apps and /apps; the list already left out the
 * bases' entries for our catalog's apps.
 */
export const LIST_APP_ROWS: readonly AppRow[] = TECHNOLOGIES.filter((tech) => tech.kind === "app" && tech.source !== "hand").map(
  (tech) => ({ slug: tech.slug, name: tech.name, category: tech.category, website: tech.website, description: null }),
);

/** The list's apps slugged by their App Store handle (the imported list of Shopify apps): an App Store listing of that handle is that app. */
export const LIST_APP_HANDLES: ReadonlySet<string> = new Set(
  TECHNOLOGIES.filter((tech) => tech.kind === "app" && tech.source === APP_DETECTOR_SOURCE).map((tech) => tech.slug),
);

/**
 * Upserts the code catalog, and the list's other apps (LIST_APP_ROWS), into the `apps` table (run
 * at start-up and safe to run any number of times; unchanged rows are left untouched). Apps that
 * left the catalog are kept: store_apps rows reference them and past reports must still resolve
 * their names.
 *
 * @returns how many apps were written.
 */
export async function syncAppCatalog(
  db: Database = getDb(),
  catalog: readonly App[] = APP_CATALOG,
  listApps: readonly AppRow[] = LIST_APP_ROWS,
): Promise<number> {
  const own = new Set(catalog.map((app) => app.slug));
  const rows: AppRow[] = [
    ...catalog.map((app) => ({
      slug: app.slug,
      name: app.name,
      category: app.category,
      website: app.website,
      description: app.description,
    })),
    ...listApps.filter((app) => !own.has(app.slug)),
  ];
  if (rows.length === 0) return 0;
  await db
    .insert(apps)
    .values(rows)
    .onConflictDoUpdate({
      target: apps.slug,
      set: {
        name: sql`excluded.name`,
        category: sql`excluded.category`,
        website: sql`excluded.website`,
        description: sql`excluded.description`,
        updatedAt: sql`now()`,
      },
      // Only touch rows whose content changed, so updatedAt says when an app's entry last changed.
      setWhere: sql`(${apps.name}, ${apps.category}, ${apps.website}, ${apps.description})
        is distinct from (excluded.name, excluded.category, excluded.website, excluded.description)`,
    });

  return rows.length;
}
