import { route } from "@/lib/endpoints/route";
import { getStoreAnalytics } from "@/lib/analytics";
import { getTrackedStore, trackedStoreParamsSchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/analytics – catalogue over time and the 365-day change heat graph
export const GET = route({ access: "session-only", params: trackedStoreParamsSchema }, async ({ user, params }) =>
  getStoreAnalytics(await getTrackedStore(user.id, params.slug)),
);
