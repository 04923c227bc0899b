import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every message the mail module handed to a transport (the log transport's only store). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    transport: text({ enum: ["log", "resend"] }).notNull(),
    providerMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.to, t.createdAt)],
);
