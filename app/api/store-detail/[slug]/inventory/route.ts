import { route } from "@/lib/endpoints/route";
import { getInventorySummary } from "@/lib/inventory";
import { findTrackedStore, shopSlugParamsSchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/inventory – sales velocity, recent restocks, total_inventory
export const GET = route({ access: "session-only", params: shopSlugParamsSchema }, async ({ user, params }) =>
  getInventorySummary(await findTrackedStore(user.id, params.slug)),
);
