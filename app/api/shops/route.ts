import { route } from "@/lib/endpoints/route";
import { json } from "@/lib/http/responses";
import { listTrackedStores, trackStore } from "@/lib/tracking";
import { listTrackedStoresEndpoint, trackStoreEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/shops – the caller's tracked stores (paginated) with store, latest job and monitoring state
export const GET = route(listTrackedStoresEndpoint, ({ user, query }) => listTrackedStores(user, query));

// POST /api/shops – track a store by domain (201 when newly tracked, 200 when it already was)
export const POST = route(trackStoreEndpoint, async ({ user, body }) => {
  const result = await trackStore(user, body);

  return json(result, result.created ? 201 : 200);
});
