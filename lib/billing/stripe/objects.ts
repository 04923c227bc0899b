import { z } from "zod";

// The fields of Stripe's objects that billing reads, parsed rather than trusted: an event is
// signed, but its shape varies across API versions (e.g. current_period_end moved to items).

const id = z.string().min(1);
const idOrObject = z.union([id, z.object({ id })]).transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((m) => m ?? {});

export const checkoutSessionObject = z.object({
  id,
  mode: z.enum(["payment", "subscription", "setup"]),
  payment_status: z.string(),
  customer: idOrObject.nullish(),
  subscription: idOrObject.nullish(),
  payment_intent: idOrObject.nullish(),
  client_reference_id: z.string().nullish(),
  metadata,
});

const period = { current_period_end: z.number().int().nullish() };

export const subscriptionObject = z.object({
  id,
  customer: idOrObject,
  status: z.string(),
  metadata,
  ...period,
  items: z.object({ data: z.array(z.object(period)) }).nullish(),
});
export type SubscriptionObject = z.infer<typeof subscriptionObject>;

export const invoiceObject = z.object({
  id,
  customer: idOrObject.nullish(),
  subscription: idOrObject.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOrObject }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }).nullish() })) }).nullish(),
});
export type InvoiceObject = z.infer<typeof invoiceObject>;

/** The subscription an invoice belongs to (older API versions: `subscription`; newer: `parent`). */
export function subscriptionIdOfInvoice(invoice: InvoiceObject): string | null {
  return invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
}

export function periodEndOf(subscription: SubscriptionObject): Date | null {
  const seconds = subscription.current_period_end ?? subscription.items?.data[0]?.current_period_end ?? null;

  return seconds ? new Date(seconds * 1000) : null;
}
