import { sql } from "drizzle-orm";
import { type Database, getDb } from "@/db";
import { apps } from "@/db/schema";
import type { App } from "./schemas";
import { APP_CATALOGUE } from "./catalogue";

/**
 * Upserts the code catalogue into the `apps` table (run at start-up and safe to run
 * any number of times; unchanged rows are left untouched). Apps that left the catalogue are kept: store_apps rows
 * reference them and past reports must still resolve their names.
 *
 * @returns how many catalogue apps were written.
 */
export async function syncAppCatalogue(db: Database = getDb(), catalogue: readonly App[] = APP_CATALOGUE): Promise<number> {
  if (catalogue.length === 0) return 0;
  const rows = catalogue.map((app) => ({
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
