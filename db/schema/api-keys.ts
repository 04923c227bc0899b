import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The first characters of the raw key, shown in lists so a person can tell keys apart. */
    prefix: text().notNull(),
    /** SHA-256 of the raw key, hex. The raw key is never stored. */
    keyHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.keyHash),
    index()
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
