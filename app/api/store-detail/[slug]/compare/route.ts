import { route } from "@/lib/endpoints/route";
import { compareQuerySchema, compareSnapshots } from "@/lib/shop-analytics";
import { findTrackedStore, shopSlugParamsSchema } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// GET /api/store-detail/:slug/compare?from=&to= – two snapshots compared, ≤ 500 items per category
export const GET = route(
  { access: "session-only", params: shopSlugParamsSchema, query: compareQuerySchema },
  async ({ user, params, query }) => compareSnapshots(await findTrackedStore(user.id, params.slug), query),
);
