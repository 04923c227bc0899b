import { route } from "@/lib/endpoints/route";
import { inventoryEventsQuerySchema, listInventoryEvents } from "@/lib/inventory";
import { getTrackedStore, trackedStoreParamsSchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory/events – sale and restock events, newest first
export const GET = route(
  { access: "session-only", params: trackedStoreParamsSchema, query: inventoryEventsQuerySchema },
  async ({ user, params, query }) => listInventoryEvents(await getTrackedStore(user.id, params.slug), query),
);
