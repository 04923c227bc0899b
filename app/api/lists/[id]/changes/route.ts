import { route } from "@/lib/endpoints/route";
import { getListChangesEndpoint } from "@/lib/lists/endpoints";
import { listChanges } from "@/lib/lists/list-changes";

export const dynamic = "force-dynamic";

// GET /api/lists/:id/changes – stores that entered or left, and events on its stores, since the last visit
export const GET = route(getListChangesEndpoint, ({ user, params, query }) => listChanges(user, params.id, query));
