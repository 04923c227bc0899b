import { route } from "@/lib/endpoints/route";
import { trackedStoreInventory } from "@/lib/tracking";
import { getInventorySummaryEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory – sales velocity, recent restocks, total_inventory
export const GET = route(getInventorySummaryEndpoint, async ({ user, params }) => trackedStoreInventory(user.id, params.slug));
