import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { stores } from "./store-directory";

export const trackedStores = pgTable(
  "tracked_stores",
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
