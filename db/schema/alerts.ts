import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ALERT_EMAIL_MODES, ALERT_KINDS } from "./alert-kinds";
import { users } from "./auth";
import { stores } from "./store-directory";

/**
 * A user's choice of alerts for one tracked store. No row: the defaults (lib/alerts/defaults.ts),
 * so a newly tracked store alerts without any set-up.
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kinds: text({ enum: ALERT_KINDS }).array().notNull(),
    /** A price change alerts when it moves the price by at least this much, either way. */
    priceThresholdPercent: integer().notNull(),
    feed: boolean().notNull(),
    email: text({ enum: ALERT_EMAIL_MODES }).notNull(),
    webhook: boolean().notNull(),
    /** Set: nothing is raised for this store until unmuted. */
    mutedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storeId] }),
    check("alert_subscriptions_threshold", sql`${t.priceThresholdPercent} between 1 and 100`),
  ],
);

/** One alert raised for one user: a row of the feed, and what its e-mail and webhook became. */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kind: text({ enum: ALERT_KINDS }).notNull(),
    subject: jsonb().$type<{ type: string; id: string; title: string | null }>().notNull(),
    before: jsonb(),
    after: jsonb(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    evidence: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The same event raised twice (a replayed step) is one alert. */
    dedupKey: text().notNull(),
    /** Shown in the in-app feed (false when the user chose e-mail or webhooks only). */
    inFeed: boolean().notNull(),
    readAt: timestamp({ withTimezone: true }),
    email: text({ enum: ALERT_EMAIL_MODES }).notNull(),
    /** Claimed before the mail is sent: an alert is mailed at most once. */
    emailedAt: timestamp({ withTimezone: true }),
    /** The user wanted it by webhook when it was raised. */
    webhook: boolean().notNull(),
    /** Its webhook delivery (lib/webhooks), once made: only when the account names a URL. */
    deliveryId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.dedupKey),
    index().on(t.userId, t.createdAt),
    index()
      .on(t.userId)
      .where(sql`${t.readAt} is null and ${t.inFeed}`),
    index()
      .on(t.createdAt)
      .where(sql`${t.email} = 'daily' and ${t.emailedAt} is null`),
  ],
);

export type AlertSubscription = typeof alertSubscriptions.$inferSelect;
export type Alert = typeof alerts.$inferSelect;
