import { route } from "@/lib/endpoints/route";
import { handleStripeWebhook } from "@/lib/billing/handle-stripe-webhook";

export const dynamic = "force-dynamic";

// POST /api/stripe/webhook – Stripe events, verified by signature on the raw body
export const POST = route({ access: "stripe-webhook" }, async ({ req }) => handleStripeWebhook(req));
