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
  description:
    "The job to retry is any job by id (404 when none), usually a failed one; the new job has its own id, retry_of naming the original, the same store and webhook and e-mail callbacks, and is free (recorded as the administrator's). The original is never changed.",
  answers: { 201: { schema: jobEnvelopeSchema }, 404: "error" },
});

export const getBillingEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/billing",
  access: "account",
  operationId: "getBilling",
  tag: "billing",
  summary: "Your plan, this month's Free usage, job credits and subscription",
  description:
    "The caller's own account only: plan (free or pro_monthly), jobs used this month against the plan's limit (null on Pro) and when they reset, single_report job credits left, and the subscription's status and period end when there is one.",
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
  description:
    "Answers the Stripe Checkout URL to send the buyer to; the purchase is applied when Stripe's webhook arrives, not by this call. single_report: with a domain, that store is analyzed once paid (no account needed); signed in without a domain, one job credit. pro_monthly needs an account (401 without) and takes no domain (400). 400 for single_report with neither account nor domain; 503 when Stripe or the plan's price is not configured on this server.",
  answers: { 201: { schema: checkoutSessionSchema }, 400: "error" },
});

export const createPortalSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/billing/portal",
  access: "session-only",
  operationId: "createPortalSession",
  tag: "billing",
  summary: "Open the Stripe billing portal (manage or cancel the subscription)",
  description:
    "Answers a Stripe billing portal URL for the signed-in account (manage the card, cancel Pro); the changes come back through Stripe's webhook. 404 when the account has no Stripe customer yet (nothing bought); 503 when Stripe is not configured on this server.",
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
