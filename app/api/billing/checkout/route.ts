import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { createCheckoutSessionEndpoint } from "@/lib/billing/endpoints";
import { checkoutSessionSchema } from "@/lib/billing/schemas";
import { createCheckoutSession } from "@/lib/billing/stripe/create-checkout-session";

export const dynamic = "force-dynamic";

// POST /api/billing/checkout – a Stripe Checkout Session for single_report (no account needed) or pro_monthly
export const POST = route(createCheckoutSessionEndpoint, async ({ body, user }) =>
  json(checkoutSessionSchema.parse(await createCheckoutSession(body, user)), 201),
);
