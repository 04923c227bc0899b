import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Chat tokens spent per subject (user:<id> or ip:<addr>) per UTC day. */
export const chatUsage = pgTable(
  "chat_usage",
  {
    subject: text().notNull(),
    day: date().notNull(),
    tokens: integer().notNull().default(0),
    requests: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day] })],
);

/** Chat requests of the sliding per-minute window. */
export const chatRequests = pgTable(
  "chat_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    subject: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.subject, t.at)],
);
