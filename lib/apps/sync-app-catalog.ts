import { sql } from "drizzle-orm";
import { type Database, getDb } from "@/db";
import { apps } from "@/db/schema";
import type { App } from "./schemas";
import { APP_CATALOG } from "./catalog";

/**
 * Upserts the code catalog into the `apps` table (run at start-up and safe to run
 * any number of times; unchanged rows are left untouched). Apps that left the catalog are kept: store_apps rows
 * reference them and past reports must still resolve their names.
 *
 * @returns how many catalog apps were written.
 */
export async function syncAppCatalog(db: Database = getDb(), catalog: readonly App[] = APP_CATALOG): Promise<number> {
  if (catalog.length === 0) return 0;
  const rows = catalog.map((app) => ({
    slug: app.slug,
    name: app.name,
    category: app.category,
    website: app.website,
    description: app.description,
  }));
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
