import { route } from "@/lib/endpoints/route";
import { receiveStripeWebhookEndpoint } from "@/lib/billing/endpoints";
import { handleStripeWebhook } from "@/lib/billing/stripe/handle-stripe-webhook";

export const dynamic = "force-dynamic";

// POST /api/stripe/webhook – Stripe events, verified by signature on the raw body
export const POST = route(receiveStripeWebhookEndpoint, async ({ req }) => handleStripeWebhook(req));
