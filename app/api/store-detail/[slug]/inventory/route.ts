import { route } from "@/lib/endpoints/route";
import { getInventorySummary } from "@/lib/inventory";
import { findTrackedStore } from "@/lib/tracking";
import { getInventorySummaryEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory – sales velocity, recent restocks, total_inventory
export const GET = route(getInventorySummaryEndpoint, async ({ user, params }) =>
  getInventorySummary(await findTrackedStore(user.id, params.slug)),
);
