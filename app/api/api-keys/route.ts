import { created } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { createApiKey, createApiKeySchema, listApiKeys } from "@/lib/api-keys";

export const dynamic = "force-dynamic";

// GET /api/api-keys – the signed-in user's active keys (never the raw key or its hash)
export const GET = route({ access: "session-only" }, ({ user }) => listApiKeys({ userId: user.id }));

// POST /api/api-keys – create a key; the raw key is in this answer only
export const POST = route({ access: "session-only", body: createApiKeySchema }, async ({ user, body }) =>
  created(await createApiKey({ userId: user.id, name: body.name })),
);
