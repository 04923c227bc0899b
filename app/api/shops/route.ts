import { route } from "@/lib/endpoints/route";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { json } from "@/lib/http/responses";
import { listTrackedStores, trackStore, trackStoreBodySchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/shops – the caller's tracked shops (paginated) with store, latest job and monitoring state
export const GET = route({ access: "account", query: paginationQuerySchema }, ({ user, query }) => listTrackedStores(user, query));

// POST /api/shops – track a store by domain (201 when newly tracked, 200 when it already was)
export const POST = route({ access: "account", body: trackStoreBodySchema }, async ({ user, body }) => {
  const result = await trackStore(user, body);

  return json(result, result.created ? 201 : 200);
});
