import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { appStoreListings, apps, storeApps, stores } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { getAppMarket } from "@/lib/market/market-report";
import { countListedStoreTags } from "@/lib/store-directory/directory-facets";
import { serializeStore } from "@/lib/store-directory/serialize-store";
import { FORMER_TAG_APP_SLUGS } from "@/lib/technologies/former-tag-apps";
import { APP_CATEGORIES, type AppDetail, type AppList } from "./schemas";

export const listAppsQuerySchema = z.object({
  category: z.enum(APP_CATEGORIES).optional(),
  q: z.string().trim().max(100).optional(),
});
export const appNameParamsSchema = z.object({ name: z.string().min(1).max(200) });

const storeCount = sql<number>`(select count(*)::int from ${storeApps} where ${storeApps.appSlug} = ${apps.slug})`;

/** The app directory: every catalog app with how many analyzed stores run it, and the pixels and tags stores carry. */
export async function listApps(query: z.infer<typeof listAppsQuerySchema>): Promise<AppList> {
  const [rows, tags] = await Promise.all([appRows(), countListedStoreTags()]);
  const q = query.q?.toLowerCase();
  const data = rows.filter(
    (app) => (!query.category || app.category === query.category) && (!q || app.name.toLowerCase().includes(q) || app.slug.includes(q)),
  );

  return { data, categories: [...APP_CATEGORIES], tags: tags.map(({ value, label, stores }) => ({ kind: value, name: label, stores })) };
}

// Pixels the catalog once listed as apps are tags now (`tags` of the list): each is counted once.
function appRows() {
  return getDb()
    .select({
      slug: apps.slug,
      name: apps.name,
      category: apps.category,
      website: apps.website,
      description: apps.description,
      stores: storeCount,
    })
    .from(apps)
    .where(notInArray(apps.slug, [...FORMER_TAG_APP_SLUGS]))
    .orderBy(desc(storeCount), asc(apps.name));
}

/** The app's website when it is its Shopify App Store listing: the only listing the catalog names. */
function appStoreUrl(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);

    return url.protocol === "https:" && url.hostname === "apps.shopify.com" && url.pathname.length > 1 ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A malformed escape (`%E0`) names no app; it is not a server error. */
function decodeOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** One app by slug (or by its exact name, case-insensitive) with the stores seen running it. */
export async function getApp(name: string): Promise<AppDetail> {
  const key = decodeOrNull(name)?.trim();
  // A tool's argument arrives here unchecked for escapes: `%00` decodes to a NUL no query can carry.
  if (!key || key.includes("\u0000")) throw notFound(`App ${name}`);
  const [app] = await getDb()
    .select({
      slug: apps.slug,
      name: apps.name,
      category: apps.category,
      website: apps.website,
      description: apps.description,
      stores: storeCount,
    })
    .from(apps)
    .where(sql`${apps.slug} = ${key.toLowerCase()} or lower(${apps.name}) = ${key.toLowerCase()}`)
    .limit(1);
  if (!app) throw notFound(`App ${key}`);

  const [seenOn, { recent_stores: _, ...market }, [listing]] = await Promise.all([
    getDb()
      .select({ store: stores })
      .from(storeApps)
      .innerJoin(stores, eq(stores.id, storeApps.storeId))
      .where(eq(storeApps.appSlug, app.slug))
      .orderBy(desc(storeApps.detectedAt))
      .limit(50),
    // The page lists the stores seen running it already (recent_stores): not read twice.
    getAppMarket(app, { withRecent: false }),
    // Its App Store listing, where a lookup found one (lib/apps/app-store): the icon and the link.
    getDb()
      .select({ handle: appStoreListings.handle, iconUrl: appStoreListings.iconUrl })
      .from(appStoreListings)
      .where(and(eq(appStoreListings.appSlug, app.slug), eq(appStoreListings.status, "found")))
      .orderBy(asc(appStoreListings.handle))
      .limit(1),
  ]);
  const listingUrl = listing ? `https://apps.shopify.com/${encodeURIComponent(listing.handle)}` : null;

  return {
    ...app,
    recent_stores: seenOn.map(({ store }) => serializeStore(store)),
    app_store_url: appStoreUrl(app.website) ?? listingUrl,
    // The listing's word for its icon: shown only as an https image.
    icon_url: listing?.iconUrl?.startsWith("https://") ? listing.iconUrl : null,
    market,
  };
}
