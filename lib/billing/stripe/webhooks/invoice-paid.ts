import { invoiceStatusChange } from "./invoice-status-change";
import type { StripeEventHandler } from "./types";

/** A renewal was paid: a past_due subscription is active again and its period moves on. */
export const invoicePaid: StripeEventHandler = {
  apply: (tx, event) => invoiceStatusChange(tx, event, { from: ["past_due", "incomplete", "unpaid"], to: "active" }),
};
