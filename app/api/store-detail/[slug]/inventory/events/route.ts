import { route } from "@/lib/endpoints/route";
import { listInventoryEvents } from "@/lib/inventory";
import { findTrackedStore } from "@/lib/tracking";
import { listInventoryEventsEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory/events – sale and restock events, newest first
export const GET = route(listInventoryEventsEndpoint, async ({ user, params, query }) =>
  listInventoryEvents(await findTrackedStore(user.id, params.slug), query),
);
