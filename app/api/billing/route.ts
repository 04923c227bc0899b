import { route } from "@/lib/endpoints/route";
import { getBillingEndpoint } from "@/lib/billing/endpoints";
import { billingSummarySchema } from "@/lib/billing/schemas";
import { getBillingSummary } from "@/lib/billing/admission/get-billing-summary";

export const dynamic = "force-dynamic";

// GET /api/billing – the caller's plan, this month's usage, credits and subscription
export const GET = route(getBillingEndpoint, async ({ user }) => billingSummarySchema.parse(await getBillingSummary(user.id)));
