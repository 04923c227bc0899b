import { route } from "@/lib/endpoints/route";
import { trackedStoreParamsSchema, untrackStore } from "@/lib/tracking";

export const dynamic = "force-dynamic";

// DELETE /api/shops/:slug – stop tracking a store
export const DELETE = route({ access: "account", params: trackedStoreParamsSchema }, ({ user, params }) => untrackStore(user.id, params.slug));
