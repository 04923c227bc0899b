import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { batches } from "./batches";
import { jobs } from "./jobs";

/** One-off card payments (Stripe Checkout), e.g. a single_report credit. */
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    stripeCheckoutSessionId: text().notNull(),
    stripePaymentIntentId: text(),
    plan: text({ enum: ["single_report", "pro_monthly"] }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("usd"),
    status: text({ enum: ["pending", "paid", "failed", "refunded"] })
      .notNull()
      .default("pending"),
    /** single_report bought for a store: the job starts when the payment completes. */
    domain: text(),
    /** The job this payment's credit was spent on; the report is reachable by the session id. */
    jobId: uuid().references(() => jobs.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.stripeCheckoutSessionId), index().on(t.userId)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeSubscriptionId: text().notNull(),
    plan: text({ enum: ["pro_monthly"] }).notNull(),
    status: text().notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /** Creation time of the newest Stripe event applied: older events arriving late are ignored. */
    lastEventAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.stripeSubscriptionId), index().on(t.userId)],
);

/** Stripe events already handled: webhook deliveries are at-least-once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** x402 payments: a proof pays for exactly one job. */
export const x402Payments = pgTable(
  "x402_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The replay key: SHA-256 of the authorization (network, token, payer, nonce, signature), the same in x402 v1 and v2. */
    proofHash: text().notNull(),
    payer: text().notNull(),
    nonce: text().notNull(),
    network: text().notNull(),
    amountAtomic: text().notNull(),
    transaction: text(),
    /**
     * `verified`: claimed, being settled; `settled`; `failed`: the facilitator refused it;
     * `settlement_unknown`: settlement was asked and no answer came, so the transfer may have
     * happened; the same payment sent again settles it (docs/decisions.md §8.5); `waived`: it proved
     * its payer for a free retry (§8.6) and is never settled.
     */
    status: text({ enum: ["verified", "settled", "failed", "settlement_unknown", "waived"] }).notNull(),
    jobId: uuid().references(() => jobs.id, { onDelete: "set null" }),
    /** The batch it paid for instead (POST /api/batches): a payment buys one job or one batch, once. */
    batchId: uuid().references(() => batches.id, { onDelete: "set null" }),
    /**
     * The client's x402 v2 `payment-identifier` (its idempotency key), unique: the same id sent
     * again with the same payload answers this payment's job (or batch) again (docs/decisions.md
     * §8.5.1). The table holds the payments of POST /api/jobs and POST /api/batches, so an id names
     * one payment across both.
     */
    paymentIdentifier: text(),
    /** SHA-256 of the canonical JSON of the PaymentPayload the identifier came with: any other payload under it is a conflict. */
    payloadHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When a request last took this payment to settle it (the claim, or a resend taking back a
     * settlement of unknown outcome). A `verified` payment claimed long before any settlement could
     * have ended was left by a process that died in between: a resend takes it back (§8.5).
     */
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.proofHash),
    uniqueIndex().on(t.network, t.payer, t.nonce),
    uniqueIndex().on(t.paymentIdentifier),
    check("x402_payments_one_purchase", sql`${t.jobId} is null or ${t.batchId} is null`),
    check("x402_payments_identifier_with_payload_hash", sql`(${t.paymentIdentifier} is null) = (${t.payloadHash} is null)`),
  ],
);
