import { defineEndpoint } from "@/lib/http/define-endpoint";
import { jobEnvelopeSchema, jobIdParamsSchema } from "@/lib/jobs/schemas";
import {
  billingSummarySchema,
  checkoutSessionSchema,
  createCheckoutBodySchema,
  portalSessionSchema,
  webhookReceiptSchema,
} from "./schemas";

export const retryJobEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/jobs/:id/retry",
  access: "admin",
  operationId: "retryJob",
  tag: "admin",
  summary: "Re-run a job as a new job (administrators; 503 storage_low while the server's disk is nearly full)",
  params: jobIdParamsSchema,
  answers: { 201: { schema: jobEnvelopeSchema }, 404: "error" },
});

export const getBillingEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/billing",
  access: "account",
  operationId: "getBilling",
  tag: "billing",
  summary: "Your plan, this month's Free usage, job credits and subscription",
  answers: { 200: { schema: billingSummarySchema } },
});

export const createCheckoutSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/billing/checkout",
  access: "checkout",
  operationId: "createCheckoutSession",
  tag: "billing",
  summary: "Start a Stripe Checkout for single_report (no account needed with a domain) or pro_monthly (signed in)",
  body: createCheckoutBodySchema,
  answers: { 201: { schema: checkoutSessionSchema }, 400: "error" },
});

export const createPortalSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/billing/portal",
  access: "session-only",
  operationId: "createPortalSession",
  tag: "billing",
  summary: "Open the Stripe billing portal (manage or cancel the subscription)",
  answers: { 201: { schema: portalSessionSchema }, 404: "error" },
});

export const receiveStripeWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/stripe/webhook",
  access: "stripe-webhook",
  operationId: "receiveStripeWebhook",
  tag: "billing",
  summary: "Stripe events (signature verified on the raw body; each event id applied once)",
  description:
    "Called by Stripe, never by a client: the body is read raw (at most 512 KB, 413 past it) and verified against Stripe-Signature with STRIPE_WEBHOOK_SECRET before it is parsed; a missing or wrong signature is 400, a server without the secret (or without its Stripe key) 503. A signed event that is not of the shape below, or whose data.object lacks what its type's handler reads (a Checkout Session's id, mode and payment_status; a Subscription's; an Invoice's), is refused with 400 naming the fields, and not recorded. Events billing does not act on are acknowledged with ignored: true; a redelivered event id with duplicate: true.",
  requestHeaders: ["Stripe-Signature"],
  rawBody: {
    "application/json": {
      schema: {
        type: "object",
        description: "A Stripe event object (https://docs.stripe.com/api/events/object), as Stripe signed it",
        required: ["id", "object", "type", "data"],
        properties: {
          id: { type: "string", description: "evt_…; each id is applied once" },
          object: { const: "event" },
          type: { type: "string", examples: ["checkout.session.completed", "customer.subscription.updated", "invoice.paid"] },
          created: { type: "integer" },
          data: {
            type: "object",
            required: ["object"],
            properties: {
              object: {
                type: "object",
                description: "The Stripe object the event is about, as Stripe's API version of the endpoint writes it",
              },
            },
          },
        },
      },
    },
  },
  answers: { 200: { schema: webhookReceiptSchema }, 400: "error", 413: "error" },
});
