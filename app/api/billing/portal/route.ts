import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { createPortalSessionEndpoint } from "@/lib/billing/endpoints";
import { portalSessionSchema } from "@/lib/billing/schemas";
import { createPortalSession } from "@/lib/billing/stripe/create-portal-session";

export const dynamic = "force-dynamic";

// POST /api/billing/portal – a Stripe billing portal session (manage or cancel the subscription)
export const POST = route(createPortalSessionEndpoint, async ({ user }) =>
  json(portalSessionSchema.parse(await createPortalSession(user.id)), 201),
);
