import { bigint, boolean, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { stores } from "./store-directory";

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
  (t) => [uniqueIndex().on(t.jobId, t.variantId), index().on(t.storeId, t.productId, t.recordedAt)],
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

/** The catalog as the last snapshot of each UTC day saw it (size and prices over time). */
export const PRODUCT_SALE_SIGNALS = ["sale_day", "edited"] as const;

/**
 * A product's updated_at moving between two snapshots of a store that hides quantities:
 * "sale_day" when nothing in the catalog changed (read as a day it sold), "edited" when a
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
