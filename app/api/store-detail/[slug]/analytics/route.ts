import { route } from "@/lib/endpoints/route";
import { getStoreAnalytics } from "@/lib/analytics";
import { getTrackedStore } from "@/lib/tracking";
import { getStoreAnalyticsEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/analytics – catalog over time and the 365-day change heat graph
export const GET = route(getStoreAnalyticsEndpoint, async ({ user, params }) =>
  getStoreAnalytics(await getTrackedStore(user.id, params.slug)),
);
