import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { jobs, stores } from "./stores";

export const trackedShops = pgTable(
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
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.jobId, t.variantId, t.kind),
    index().on(t.storeId, t.occurredAt),
    index().on(t.storeId, t.productId, t.occurredAt),
  ],
);
