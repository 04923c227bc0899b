import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { revokedApiKeySchema, type RevokedApiKey } from "./schemas";
import { toApiKeyView } from "./to-api-key-view";

/**
 * Revokes one of the user's keys. Keys are looked up on every request
 * (lib/auth/principal.ts), so the very next request with it is refused.
 * Another user's key, an unknown id and an already revoked key are all 404:
 * whether a key exists is nobody else's business.
 */
export async function revokeApiKey(options: { userId: string; id: string }): Promise<RevokedApiKey> {
  const [row] = await getDb()
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, options.id), eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw notFound("API key");

  return revokedApiKeySchema.parse({
    api_key: { ...toApiKeyView(row), revoked_at: row.revokedAt!.toISOString() },
  });
}
