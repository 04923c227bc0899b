import type Stripe from "stripe";
import { getDb } from "@/db";
import { stripeEvents } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { readCappedBody } from "@/lib/http/read-capped-body";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { getStripe } from "./client";
import { checkoutSessionCompleted } from "./webhooks/checkout-session-completed";
import { customerSubscriptionCreated } from "./webhooks/customer-subscription-created";
import { customerSubscriptionDeleted } from "./webhooks/customer-subscription-deleted";
import { customerSubscriptionUpdated } from "./webhooks/customer-subscription-updated";
import { invoicePaid } from "./webhooks/invoice-paid";
import { invoicePaymentFailed } from "./webhooks/invoice-payment-failed";
import type { StripeEventHandler } from "./webhooks/types";

/** The events billing acts on; anything else is acknowledged and ignored. */
const HANDLERS: Record<string, StripeEventHandler> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "customer.subscription.created": customerSubscriptionCreated,
  "customer.subscription.updated": customerSubscriptionUpdated,
  "customer.subscription.deleted": customerSubscriptionDeleted,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
};

export const STRIPE_EVENT_TYPES = Object.keys(HANDLERS);

/** Stripe's events are a few KB; the cap keeps a hostile body from being read whole. */
const MAX_EVENT_BYTES = 512 * 1024;

function verifyEvent(rawBody: string, signature: string): Stripe.Event {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError("unavailable", "Stripe webhooks are not configured on this server");
  try {
    return getStripe().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new ApiError("invalid_request", "Invalid Stripe signature", { extra: { issues: [] } });
  }
}

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body, then applies each event id
 * once (the event row and its effects commit together; a redelivery finds the row and changes
 * nothing). Out-of-order deliveries are resolved by the handlers from the event times.
 */
export async function handleStripeWebhook(req: Request): Promise<{ received: true; duplicate: boolean; ignored: boolean }> {
  const signature = req.headers.get("stripe-signature");
  if (!signature) throw new ApiError("invalid_request", "Missing Stripe-Signature header", { extra: { issues: [] } });
  // A chunked body declares no length: the cap counts bytes as they arrive and stops reading.
  const event = verifyEvent(await readCappedBody(req, MAX_EVENT_BYTES), signature);

  const handler = HANDLERS[event.type];
  if (!handler) return { received: true, duplicate: false, ignored: true };

  const isNew = await getDb().transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return false;
    await handler.apply(tx, event);

    return true;
  });
  if (!isNew) logger.info("stripe: duplicate event", { eventId: event.id, type: event.type });
  await handler.afterCommit?.(event);

  return { received: true, duplicate: !isNew, ignored: false };
}
