import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";

/** The job.completed webhook of one job: at most one row per job, attempted at most once. */
export const webhookCallbacks = pgTable(
  "webhook_callbacks",
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    url: text().notNull(),
    status: text({ enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.jobId),
    check("webhook_callbacks_attempts_max_one", sql`${t.attempts} between 0 and 1`),
  ],
);

/** The completion e-mail of one job: at most one row per job, sent at most once. */
export const emailNotifications = pgTable(
  "email_notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    email: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    error: text(),
    providerMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.jobId)],
);

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
