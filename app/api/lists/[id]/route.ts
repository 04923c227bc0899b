import { route } from "@/lib/endpoints/route";
import { deleteList } from "@/lib/lists/delete-list";
import { deleteListEndpoint, getListEndpoint, updateListEndpoint } from "@/lib/lists/endpoints";
import { getList } from "@/lib/lists/get-list";
import { updateList } from "@/lib/lists/update-list";

export const dynamic = "force-dynamic";

// GET /api/lists/:id – one of the caller's lists with its stores now
export const GET = route(getListEndpoint, ({ user, params }) => getList(user, params.id));

// PATCH /api/lists/:id – rename, alerts on or off, or mark seen
export const PATCH = route(updateListEndpoint, ({ user, params, body }) => updateList(user, params.id, body));

// DELETE /api/lists/:id – delete the list
export const DELETE = route(deleteListEndpoint, ({ user, params }) => deleteList(user.id, params.id));
