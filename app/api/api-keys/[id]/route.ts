import { route } from "@/lib/endpoints/route";
import { revokeApiKey } from "@/lib/api-keys";
import { revokeApiKeyEndpoint } from "@/lib/api-keys/endpoints";

export const dynamic = "force-dynamic";

// DELETE /api/api-keys/:id – revoke a key; the next request with it gets 401
export const DELETE = route(revokeApiKeyEndpoint, ({ user, params }) => revokeApiKey({ userId: user.id, id: params.id }));
