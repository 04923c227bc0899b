import { route } from "@/lib/endpoints/route";
import { compareQuerySchema, compareSnapshots } from "@/lib/analytics";
import { getTrackedStore, trackedStoreParamsSchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/compare?from=&to= – two snapshots compared, ≤ 500 items per category
export const GET = route(
  { access: "session-only", params: trackedStoreParamsSchema, query: compareQuerySchema },
  async ({ user, params, query }) => compareSnapshots(await getTrackedStore(user.id, params.slug), query),
);
