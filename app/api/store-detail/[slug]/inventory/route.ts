import { route } from "@/lib/endpoints/route";
import { getInventorySummary } from "@/lib/inventory";
import { getTrackedStore, trackedStoreParamsSchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory – sales velocity, recent restocks, total_inventory
export const GET = route({ access: "session-only", params: trackedStoreParamsSchema }, async ({ user, params }) =>
  getInventorySummary(await getTrackedStore(user.id, params.slug)),
);
