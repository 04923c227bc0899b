import type Stripe from "stripe";
import { z } from "zod";
import { getDb } from "@/db";
import { stripeEvents } from "@/db/schema";
import { ApiError, invalidRequest } from "@/lib/http/errors";
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

/**
 * What every event must be before a handler reads it: the document's request body
 * (lib/billing/endpoints.ts). A signed body is Stripe's, but one of another shape is still
 * refused with 400, never a 500 from a handler reading a field it lacks.
 */
const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  object: z.literal("event"),
  type: z.string(),
  created: z.number().int().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Stripe's events are a few KB; the cap keeps a hostile body from being read whole. */
const MAX_EVENT_BYTES = 512 * 1024;

function verifyEvent(rawBody: string, signature: string): Stripe.Event {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError("unavailable", "Stripe webhooks are not configured on this server");
  // Outside the try: a server without its Stripe key answers 503, not a signature it never checked.
  const stripe = getStripe();
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new ApiError("invalid_request", "Invalid Stripe signature", { extra: { issues: [] } });
  }
}

function objectRefused(type: string, error: z.ZodError): ApiError {
  const issues = error.issues.map((issue) => ({
    path: ["body", "data", "object", ...issue.path.map(String)].join("."),
    message: issue.message,
  }));

  return new ApiError("invalid_request", `data.object is not the ${type} object this server reads`, { extra: { issues } });
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
  const envelope = eventEnvelopeSchema.safeParse(event);
  if (!envelope.success) throw invalidRequest(envelope.error, "body");

  const handler = HANDLERS[event.type];
  if (!handler) return { received: true, duplicate: false, ignored: true };

  const isNew = await getDb().transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return false;
    try {
      await handler.apply(tx, event);
    } catch (error) {
      // The event's object lacks what its type's handler reads: refused (and not recorded), not a 500.
      if (error instanceof z.ZodError) throw objectRefused(event.type, error);
      throw error;
    }

    return true;
  });
  if (!isNew) logger.info("stripe: duplicate event", { eventId: event.id, type: event.type });
  await handler.afterCommit?.(event);

  return { received: true, duplicate: !isNew, ignored: false };
}
