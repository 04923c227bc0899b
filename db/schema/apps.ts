import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { stores } from "./store-directory";

/**
 * The app directory: our own catalog, synced from lib/apps at start-up, and the apps learned from
 * their Shopify App Store listings (app_store_listings.app_slug).
 */
export const apps = pgTable("apps", {
  slug: text().primaryKey(),
  name: text().notNull(),
  category: text().notNull(),
  website: text(),
  description: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const storeApps = pgTable(
  "store_apps",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    appSlug: text()
      .notNull()
      .references(() => apps.slug),
    jobId: uuid().references(() => jobs.id, { onDelete: "set null" }),
    evidence: text(),
    detectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.appSlug] }), index().on(t.appSlug)],
);

export const APP_STORE_LISTING_STATUSES = ["pending", "found", "not_found", "error"] as const;
export type AppStoreListingStatus = (typeof APP_STORE_LISTING_STATUSES)[number];

/**
 * What the Shopify App Store says about an app handle a storefront named and the catalog did not
 * know (lib/apps/app-store): looked up once, kept, and looked up again when `next_check_at` comes
 * (found and not_found after weeks, an error after a backoff). `pending`: seen, not looked up yet.
 */
export const appStoreListings = pgTable(
  "app_store_listings",
  {
    handle: text().primaryKey(),
    status: text({ enum: APP_STORE_LISTING_STATUSES }).notNull().default("pending"),
    /** The listing's fields (found only). */
    name: text(),
    developer: text(),
    /** The App Store's own category words, as the listing names it. */
    category: text(),
    rating: real(),
    reviewCount: integer(),
    iconUrl: text(),
    description: text(),
    /** The apps row the handle is reported as (found only): a catalog app of the same name, or one learned from this listing. */
    appSlug: text().references(() => apps.slug),
    /** The last lookup's failure (error, not_found), for operators. */
    error: text(),
    /** Lookups in a row that ended in an error; sets the backoff. */
    failures: integer().notNull().default(0),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fetchedAt: timestamp({ withTimezone: true }),
    nextCheckAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.nextCheckAt),
    check("app_store_listings_status", sql`${t.status} in ('pending', 'found', 'not_found', 'error')`),
    check("app_store_listings_found_named", sql`${t.status} <> 'found' or (${t.name} is not null and ${t.appSlug} is not null)`),
  ],
);
export type AppStoreListingRow = typeof appStoreListings.$inferSelect;
