import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, storeApps, stores } from "@/db/schema";

export type FacetValue = { value: string; label: string; stores: number };
export type DirectoryFacets = { countries: FacetValue[]; currencies: FacetValue[]; apps: FacetValue[] };

const listed = isNotNull(stores.latestJobId);
const storeCount = sql<number>`count(*)::int`;

/**
 * What the directory's filters offer: the countries, currencies and apps of the listed stores,
 * each with how many stores have it, most common first; a value no listed store has is not offered.
 */
export async function getDirectoryFacets(): Promise<DirectoryFacets> {
  const db = getDb();
  const [countries, currencies, appRows] = await Promise.all([
    db
      .select({ value: stores.country, stores: storeCount })
      .from(stores)
      .where(and(listed, isNotNull(stores.country)))
      .groupBy(stores.country)
      .orderBy(desc(storeCount), asc(stores.country)),
    db
      .select({ value: stores.currency, stores: storeCount })
      .from(stores)
      .where(and(listed, isNotNull(stores.currency)))
      .groupBy(stores.currency)
      .orderBy(desc(storeCount), asc(stores.currency)),
    db
      .select({ value: apps.slug, label: apps.name, stores: storeCount })
      .from(storeApps)
      .innerJoin(stores, eq(stores.id, storeApps.storeId))
      .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
      .where(listed)
      .groupBy(apps.slug, apps.name)
      .orderBy(desc(storeCount), asc(apps.name)),
  ]);
  const codes = (rows: { value: string | null; stores: number }[]) =>
    rows.map((row) => ({ value: row.value!, label: row.value!, stores: row.stores }));

  return { countries: codes(countries), currencies: codes(currencies), apps: appRows };
}
