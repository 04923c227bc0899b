import { route } from "@/lib/endpoints/route";
import { compareSnapshots } from "@/lib/analytics";
import { getTrackedStore } from "@/lib/tracking";
import { compareSnapshotsEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/compare?from=&to= – two snapshots compared, ≤ 500 items per category
export const GET = route(compareSnapshotsEndpoint, async ({ user, params, query }) =>
  compareSnapshots(await getTrackedStore(user.id, params.slug), query),
);
