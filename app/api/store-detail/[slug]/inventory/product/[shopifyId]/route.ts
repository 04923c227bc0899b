import { route } from "@/lib/endpoints/route";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { getProductInventory, productParamsSchema } from "@/lib/inventory";
import { getTrackedStore } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory/product/:shopifyId – one product's history per variant and its events
export const GET = route(
  { access: "session-only", params: productParamsSchema, query: paginationQuerySchema },
  async ({ user, params, query }) => getProductInventory(await getTrackedStore(user.id, params.slug), params.shopifyId, query),
);
