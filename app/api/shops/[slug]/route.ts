import { route } from "@/lib/endpoints/route";
import { shopSlugParamsSchema, untrackShop } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// DELETE /api/shops/:slug – stop tracking a store
export const DELETE = route({ access: "account", params: shopSlugParamsSchema }, ({ user, params }) => untrackShop(user.id, params.slug));
