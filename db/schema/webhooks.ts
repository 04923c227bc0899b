import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { WEBHOOK_DELIVERY_STATUSES } from "./webhook-statuses";
import { users } from "./auth";

/**
 * An account's webhook settings: the signing secret every webhook sent on its behalf carries
 * (Standard Webhooks, lib/webhooks/sign.ts) and the URL its alert webhooks go to.
 */
export const webhookSettings = pgTable("webhook_settings", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Where alert and test events are POSTed; null until the account names one. */
  url: text(),
  /** The `whsec_…` secret, sealed (lib/secrets/seal.ts): it must be read back to sign. */
  sealedSecret: text(),
  /** Its first characters, shown in the dashboard to tell secrets apart. */
  secretPrefix: text(),
  secretCreatedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event owed to one receiver (alerts, test events): retried with backoff until a 2xx or the
 * schedule runs out. Its id is the `webhook-id` of every attempt, so a receiver can drop repeats.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The account it is sent for (signed with its secret); null for a batch paid by x402, sent unsigned as its jobs' webhooks are. */
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    url: text().notNull(),
    eventType: text().notNull(),
    /** The exact body sent on every attempt (signed as is). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** One attempt of a delivery, claimed before it is sent (a replayed step never sends it again). */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** 1 for the first attempt. */
    number: integer().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    responseStatus: integer(),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.deliveryId, t.number), check("webhook_attempts_number_positive", sql`${t.number} >= 1`)],
);

export type WebhookSettings = typeof webhookSettings.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
