import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { stores } from "./store-directory";

/** Our own app catalog, synced from lib/apps at start-up. */
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
