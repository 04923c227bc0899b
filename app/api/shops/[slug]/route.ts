import { route } from "@/lib/endpoints/route";
import { untrackShop } from "@/lib/tracking";
import { untrackShopEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// DELETE /api/shops/:slug – stop tracking a store
export const DELETE = route(untrackShopEndpoint, ({ user, params }) => untrackShop(user.id, params.slug));
