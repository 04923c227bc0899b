import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { LIST_KINDS } from "./list-kinds";
import { stores } from "./store-directory";

/**
 * A user's saved list of stores (lib/lists). A segment list keeps the directory query it was
 * saved from (the validated query of GET /api/stores, without paging) and is re-evaluated
 * on every read, so it follows the directory as stores are analyzed.
 */
export const lists = pgTable(
  "lists",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    kind: text({ enum: LIST_KINDS }).notNull(),
    segment: jsonb().$type<Record<string, unknown>>(),
    /** On: every event on the list's stores is raised as an alert for its owner (lib/alerts reads this). */
    alerts: boolean().notNull().default(false),
    /** The owner's last visit: "what changed" is measured from here (its creation before any visit). */
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    check("lists_segment_kind", sql`(${t.kind} = 'segment') = (${t.segment} is not null)`),
    check("lists_name_length", sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/**
 * The stores of a list. For a hand-picked list, the stores picked; for a segment list, the
 * segment's stores as of the owner's last visit, so the next visit can say which entered and
 * which left, and list alerts know whom to tell in between.
 */
export const listStores = pgTable(
  "list_stores",
  {
    listId: uuid()
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.storeId] }), index().on(t.storeId)],
);

export type List = typeof lists.$inferSelect;
export type ListStore = typeof listStores.$inferSelect;
