import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db";
import { apps, appStoreListings } from "@/db/schema";
import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { APP_CATALOG } from "../catalog";
import type { App } from "../schemas";
import { LIST_APP_HANDLES, LIST_APP_ROWS } from "../sync-app-catalog";
import type { ListingLookup } from "./look-up-listing";
import { APP_STORE_HOST } from "./look-up-listing";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A listing found is read again after this: names, ratings and categories change slowly. */
export const REFRESH_FOUND_AFTER_MS = 30 * DAY_MS;
/** A handle the App Store has no listing for (a private or delisted app) is asked about again after this. */
export const RECHECK_NOT_FOUND_AFTER_MS = 30 * DAY_MS;
/** A failed lookup waits an hour, then twice as long after each failure in a row, at most a week. */
const ERROR_BACKOFF_MS = 60 * 60 * 1000;
const MAX_ERROR_BACKOFF_MS = 7 * DAY_MS;

/** When a lookup that ended so is due again. */
export function nextCheckAfter(status: ListingLookup["status"], failures: number, at: Date): Date {
  if (status === "found") return new Date(at.getTime() + REFRESH_FOUND_AFTER_MS);
  if (status === "not_found") return new Date(at.getTime() + RECHECK_NOT_FOUND_AFTER_MS);

  return new Date(at.getTime() + Math.min(ERROR_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_ERROR_BACKOFF_MS));
}

/**
 * New handles one analysis may add. A real storefront has a few unknown ones; a page of thousands of
 * invented handles must not queue thousands of requests to the App Store.
 */
export const MAX_NEW_HANDLES_PER_ANALYSIS = 20;

/**
 * Handles a storefront named that the catalog does not know, kept as `pending` until a lookup
 * answers (a handle seen before is left as it is; past MAX_NEW_HANDLES_PER_ANALYSIS the rest wait
 * for another analysis). One insert; returns the handles that were new.
 */
export async function recordSeenAppHandles(handles: readonly string[], db: DbOrTx = getDb()): Promise<string[]> {
  const distinct = [...new Set(handles)].slice(0, MAX_NEW_HANDLES_PER_ANALYSIS);
  if (distinct.length === 0) return [];
  const rows = await db
    .insert(appStoreListings)
    .values(distinct.map((handle) => ({ handle })))
    .onConflictDoNothing()
    .returning({ handle: appStoreListings.handle });

  return rows.map((row) => row.handle);
}

/** An app learned from its App Store listing, as detection reports it. */
export type LearnedApp = {
  handle: string;
  slug: string;
  name: string;
  category: string;
  developer: string | null;
  rating: number | null;
  reviewCount: number | null;
};

/** The handles among `handles` whose listing was found, with the app each is reported as. */
export async function findLearnedApps(handles: readonly string[], db: DbOrTx = getDb()): Promise<Map<string, LearnedApp>> {
  if (handles.length === 0) return new Map();
  const rows = await db
    .select({
      handle: appStoreListings.handle,
      slug: apps.slug,
      name: apps.name,
      category: apps.category,
      developer: appStoreListings.developer,
      rating: appStoreListings.rating,
      reviewCount: appStoreListings.reviewCount,
    })
    .from(appStoreListings)
    .innerJoin(apps, eq(apps.slug, appStoreListings.appSlug))
    .where(and(inArray(appStoreListings.handle, [...new Set(handles)]), eq(appStoreListings.status, "found")));

  return new Map(rows.map((row) => [row.handle, row]));
}

/** Lookups made in the hour before `at` (the App Store's hourly budget, resolve-listings.ts). */
export async function countLookupsSince(since: Date, db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appStoreListings)
    .where(gt(appStoreListings.fetchedAt, since));

  return Number(row?.n ?? 0);
}

/** Handles due for a lookup at `at`, never looked up first, then the longest due; at most `limit`. */
export async function listDueAppListings(at: Date, limit: number, db: DbOrTx = getDb()): Promise<string[]> {
  const rows = await db
    .select({ handle: appStoreListings.handle })
    .from(appStoreListings)
    .where(lte(appStoreListings.nextCheckAt, at))
    .orderBy(sql`${appStoreListings.status} = 'pending' desc`, asc(appStoreListings.nextCheckAt), asc(appStoreListings.handle))
    .limit(limit);

  return rows.map((row) => row.handle);
}

function slugOf(handle: string): string {
  return (
    handle
      .replace(/_/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^-+|-+$/g, "") || "app"
  );
}

/**
 * The apps row a listing is reported as: the catalog's app when the catalog names the same app
 * (same name, or its website is this listing), or an imported base's Shopify app of that name
 * or website (`listApps`, rows synced at start-up) or, for the list of Shopify apps, of that App
 * Store handle (`listHandles`: its slug is the handle), so one app is never counted twice; else a
 * slug of its own, from the handle, kept clear of every known slug. `catalog` is true when the row
 * is one of those already kept (not the listing's to write).
 */
export function slugForListing(
  handle: string,
  name: string,
  catalog: readonly App[] = APP_CATALOG,
  listApps: readonly { slug: string; name: string; website: string | null }[] = LIST_APP_ROWS,
  listHandles: ReadonlySet<string> = LIST_APP_HANDLES,
): { slug: string; catalog: boolean } {
  const lowerName = name.toLowerCase();
  const listingUrl = `https://${APP_STORE_HOST}/${handle}`;
  const known = [...catalog, ...listApps].find(
    (app) => app.name.toLowerCase() === lowerName || app.website?.replace(/\/$/, "") === listingUrl,
  );
  if (known) return { slug: known.slug, catalog: true };
  if (listHandles.has(handle)) return { slug: handle, catalog: true };
  const taken = new Set([...catalog, ...listApps].map((app) => app.slug));
  let slug = slugOf(handle);
  while (taken.has(slug)) slug = `${slug}-app`;

  return { slug, catalog: false };
}

/**
 * Keeps what one lookup answered, at `at`: a listing found becomes an app of the directory (an
 * `apps` row, unless it is a catalog app's) and the handle's answer until its refresh; not_found is
 * kept as a negative answer for weeks; an error counts a failure and backs off. A listing found
 * before and failing now keeps its fields: a refresh that fails forgets nothing.
 */
export async function recordListingLookup(handle: string, lookup: ListingLookup, at: Date, db: DbOrTx = getDb()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ failures: appStoreListings.failures, status: appStoreListings.status })
      .from(appStoreListings)
      .where(eq(appStoreListings.handle, handle))
      .for("update");
    const failures = lookup.status === "error" ? (row?.failures ?? 0) + 1 : 0;
    const common = { fetchedAt: at, failures, nextCheckAt: nextCheckAfter(lookup.status, failures, at) };
    let values: Partial<typeof appStoreListings.$inferInsert>;
    if (lookup.status === "found") {
      const { listing } = lookup;
      // A renamed handle the App Store sent on is filed under the listing's own: one app, one row.
      const { slug, catalog } = slugForListing(lookup.handle, listing.name);
      if (!catalog) {
        const app = {
          slug,
          name: listing.name,
          category: listing.appCategory,
          website: `https://${APP_STORE_HOST}/${lookup.handle}`,
          description: listing.description,
        };
        await tx
          .insert(apps)
          .values(app)
          .onConflictDoUpdate({
            target: apps.slug,
            set: { name: app.name, category: app.category, website: app.website, description: app.description, updatedAt: at },
          });
      }
      values = {
        status: "found",
        name: listing.name,
        developer: listing.developer,
        category: listing.category,
        rating: listing.rating,
        reviewCount: listing.reviewCount,
        iconUrl: listing.iconUrl,
        description: listing.description,
        appSlug: slug,
        error: null,
      };
    } else if (lookup.status === "not_found") {
      values = { status: "not_found", appSlug: null, error: boundText(lookup.message, MESSAGE_TEXT_MAX) };
    } else {
      // A refresh that failed keeps the listing found before.
      values = { status: row?.status === "found" ? "found" : "error", error: boundText(lookup.message, MESSAGE_TEXT_MAX) };
    }
    // An update when the handle has a row (an insert's CHECK is judged before its conflict is).
    if (row)
      await tx
        .update(appStoreListings)
        .set({ ...values, ...common })
        .where(eq(appStoreListings.handle, handle));
    else await tx.insert(appStoreListings).values({ handle, ...values, ...common });
  });
}
