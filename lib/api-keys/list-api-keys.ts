import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { apiKeyListSchema, type ApiKeyList } from "./schemas";
import { toApiKeyView } from "./to-api-key-view";

/** The user's active (not revoked) keys, newest first. */
export async function listApiKeys(options: { userId: string }): Promise<ApiKeyList> {
  const rows = await getDb()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

  return apiKeyListSchema.parse({ data: rows.map(toApiKeyView) });
}
