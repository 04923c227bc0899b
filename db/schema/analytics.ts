import { integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stores } from "./store-directory";

/**
 * Compact per-UTC-day counts of changes (changelog subjects and inventory events) of a store.
 * Written with every report, never deleted by snapshot cleanup: the heat graph reads it.
 */
export const storeDailyChanges = pgTable(
  "store_daily_changes",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** UTC day, YYYY-MM-DD. */
    day: text().notNull(),
    /** e.g. product_added, price_changed, sale, restock. */
    type: text().notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.type] })],
);

export const storeDailyCatalog = pgTable(
  "store_daily_catalog",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: text().notNull(),
    jobId: uuid().notNull(),
    products: integer().notNull(),
    variants: integer().notNull(),
    availableVariants: integer().notNull(),
    priceMin: real(),
    priceMax: real(),
    priceAvg: real(),
    /** Sum of visible variant quantities; null when the store hides them. */
    totalInventory: integer(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);
