import { route } from "@/lib/endpoints/route";
import { listInventoryEvents } from "@/lib/inventory";
import { getTrackedStore } from "@/lib/tracking";
import { listInventoryEventsEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory/events – sale and restock events, newest first
export const GET = route(listInventoryEventsEndpoint, async ({ user, params, query }) =>
  listInventoryEvents(await getTrackedStore(user.id, params.slug), query),
);
