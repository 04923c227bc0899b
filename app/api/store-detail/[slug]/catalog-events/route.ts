import { listCatalogEvents } from "@/lib/changelog/list-catalog-events";
import { route } from "@/lib/endpoints/route";
import { getTrackedStore } from "@/lib/tracking";
import { listCatalogEventsEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/catalog-events – products added and removed, prices changed, sold out and back in stock
export const GET = route(listCatalogEventsEndpoint, async ({ user, params, query }) =>
  listCatalogEvents(await getTrackedStore(user.id, params.slug), query),
);
