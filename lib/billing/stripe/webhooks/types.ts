import type Stripe from "stripe";
import type { Transaction } from "@/db";

/**
 * One Stripe event type's handling. `apply` runs once per event id, in the transaction that
 * records the event. `afterCommit` is idempotent follow-up work (starting a paid job) that runs
 * after every delivery, duplicates included, so a crash between the two is mended by Stripe's
 * redelivery.
 */
export type StripeEventHandler = {
  apply(tx: Transaction, event: Stripe.Event): Promise<void>;
  afterCommit?(event: Stripe.Event): Promise<void>;
};

export const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);
