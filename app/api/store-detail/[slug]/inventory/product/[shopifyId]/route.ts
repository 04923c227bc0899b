import { route } from "@/lib/endpoints/route";
import { getProductInventory } from "@/lib/inventory";
import { getTrackedStore } from "@/lib/tracking";
import { getProductInventoryEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory/product/:shopifyId – one product's history per variant and its events
export const GET = route(getProductInventoryEndpoint, async ({ user, params, query }) =>
  getProductInventory(await getTrackedStore(user.id, params.slug), params.shopifyId, query),
);
