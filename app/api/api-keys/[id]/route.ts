import { route } from "@/lib/endpoints/route";
import { apiKeyParamsSchema, revokeApiKey } from "@/lib/api-keys";

export const dynamic = "force-dynamic";

// DELETE /api/api-keys/:id – revoke a key; the next request with it gets 401
export const DELETE = route({ access: "session-only", params: apiKeyParamsSchema }, ({ user, params }) =>
  revokeApiKey({ userId: user.id, id: params.id }),
);
