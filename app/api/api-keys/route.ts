import { created } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { createApiKey, listApiKeys } from "@/lib/api-keys";
import { createApiKeyEndpoint, listApiKeysEndpoint } from "@/lib/api-keys/endpoints";

export const dynamic = "force-dynamic";

// GET /api/api-keys – the signed-in user's active keys (never the raw key or its hash)
export const GET = route(listApiKeysEndpoint, ({ user }) => listApiKeys({ userId: user.id }));

// POST /api/api-keys – create a key; the raw key is in this answer only
export const POST = route(createApiKeyEndpoint, async ({ user, body }) =>
  created(await createApiKey({ userId: user.id, name: body.name })),
);
