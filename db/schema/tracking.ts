import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { jobs } from "./jobs";
import { stores } from "./stores";

export const trackedStores = pgTable(
  "tracked_shops",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.storeId), index().on(t.storeId)],
);

/** Quantity and availability of each variant as seen by one snapshot (job). */
export const inventoryLevels = pgTable(
  "inventory_levels",
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    productId: bigint({ mode: "number" }).notNull(),
    variantId: bigint({ mode: "number" }).notNull(),
    /** Null when the store hides inventory_quantity. */
    quantity: integer(),
    available: boolean(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.jobId, t.variantId),
    index().on(t.storeId, t.productId, t.recordedAt),
  ],
);

export const INVENTORY_EVENT_KINDS = ["sale", "restock"] as const;

/** Sales and restocks derived from the difference between two snapshots. */
export const inventoryEvents = pgTable(
  "inventory_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    productId: bigint({ mode: "number" }).notNull(),
    variantId: bigint({ mode: "number" }).notNull(),
    kind: text({ enum: INVENTORY_EVENT_KINDS }).notNull(),
    /** Units moved; null when only availability flipped (inventory hidden). */
    delta: integer(),
    /** observed (quantity delta) or estimated (availability flip). */
    basis: text({ enum: ["observed", "estimated"] }).notNull(),
    /** The variant's level at the previous snapshot (quantities shown): bounds sales hidden in a rise. */
    previousQuantity: integer(),
    /** Days between the two snapshots the event was measured across. */
    intervalDays: real(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.jobId, t.variantId, t.kind),
    index().on(t.storeId, t.occurredAt),
    index().on(t.storeId, t.productId, t.occurredAt),
  ],
);

/**
 * Monitoring state of a tracked store (one row per store, however many users track it):
 * when the daily re-analysis last ran, and whether the store keeps failing.
 */
export const monitoredStores = pgTable("monitored_stores", {
  storeId: uuid()
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  /** When the monitor last created a job for the store (monitor clock). */
  lastCheckedAt: timestamp({ withTimezone: true }),
  lastJobId: uuid(),
  /** Failed monitoring jobs in a row; the store is paused at the limit. */
  consecutiveFailures: integer().notNull().default(0),
  lastError: text(),
  lastErrorCode: text(),
  /** Set when the store failed too often: no more daily jobs until someone tracks it again. */
  pausedAt: timestamp({ withTimezone: true }),
});

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

/** The catalogue as the last snapshot of each UTC day saw it (size and prices over time). */
export const PRODUCT_SALE_SIGNALS = ["sale_day", "edited"] as const;

/**
 * A product's updated_at moving between two snapshots of a store that hides quantities:
 * "sale_day" when nothing in the catalogue changed (read as a day it sold), "edited" when a
 * price, variant or field changed too (it may or may not have sold).
 */
export const productSaleSignals = pgTable(
  "product_sale_signals",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    productId: bigint({ mode: "number" }).notNull(),
    kind: text({ enum: PRODUCT_SALE_SIGNALS }).notNull(),
    intervalDays: real().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.productId] }), index().on(t.storeId, t.occurredAt)],
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
