import { route } from "@/lib/endpoints/route";
import { untrackStore } from "@/lib/tracking";
import { untrackStoreEndpoint } from "@/lib/tracking/endpoints";

export const dynamic = "force-dynamic";

// DELETE /api/shops/:slug – stop tracking a store
export const DELETE = route(untrackStoreEndpoint, ({ user, params }) => untrackStore(user.id, params.slug));
