import { defineEndpoint } from "@/lib/http/define-endpoint";
import { createJobBodySchema, jobEnvelopeSchema, jobIdParamsSchema } from "@/lib/jobs/schemas";
import {
  billingSummarySchema,
  checkoutSessionSchema,
  createCheckoutBodySchema,
  paymentRequiredBodySchema,
  planLimitReachedBodySchema,
  portalSessionSchema,
  webhookReceiptSchema,
} from "./schemas";

export const createJobEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/jobs",
  access: "jobs.create",
  operationId: "createJob",
  tag: "jobs",
  summary: "Submit a Shopify store's domain for analysis",
  description:
    "402 payment_required with the x402 v1 payment body for a caller without credentials, or plan_limit_reached when the plan has no job left; 403 email_unverified until the account confirms its e-mail, when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low with Retry-After while the server's disk is nearly full; 503 settlement_unknown with Retry-After when the x402 facilitator did not answer a settlement: send the same payment again. An x402 v2 payment may carry a payment-identifier (extension declared in PAYMENT-REQUIRED): the same payload sent again answers 201 with the same job and settlement headers; another payload under that identifier is 409 conflict (reason payment_identifier_conflict), a malformed identifier 400 (reason invalid_payment_identifier), and a resend while the first is still being processed 503 payment_in_progress with Retry-After",
  body: createJobBodySchema,
  requestHeaders: ["PAYMENT-SIGNATURE", "X-PAYMENT"],
  answers: {
    201: { schema: jobEnvelopeSchema, headers: ["PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE"] },
    400: "error",
    402: { schema: [paymentRequiredBodySchema, planLimitReachedBodySchema], headers: ["PAYMENT-REQUIRED"] },
    403: "error",
    409: "error",
  },
});

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
  answers: { 200: { schema: webhookReceiptSchema }, 400: "error", 413: "error" },
});
