import { invoiceStatusChange } from "./invoice-status-change";
import type { StripeEventHandler } from "./types";

/** A renewal charge failed: the subscription is past_due (Pro is kept while Stripe retries). */
export const invoicePaymentFailed: StripeEventHandler = {
  apply: (tx, event) => invoiceStatusChange(tx, event, { from: ["active", "trialing"], to: "past_due" }),
};
