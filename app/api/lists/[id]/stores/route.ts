import { route } from "@/lib/endpoints/route";
import { addListStores, removeListStores } from "@/lib/lists/edit-list-stores";
import { addListStoresEndpoint, removeListStoresEndpoint } from "@/lib/lists/endpoints";

export const dynamic = "force-dynamic";

// POST /api/lists/:id/stores – add stores (by slug) to a hand-picked list
export const POST = route(addListStoresEndpoint, ({ user, params, body }) => addListStores(user, params.id, body.stores));

// DELETE /api/lists/:id/stores – remove stores (by slug) from a hand-picked list
export const DELETE = route(removeListStoresEndpoint, ({ user, params, body }) => removeListStores(user, params.id, body.stores));
