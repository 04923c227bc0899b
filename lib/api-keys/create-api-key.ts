import { and, count, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { generateRawApiKey, hashApiKey, visibleKeyPrefix } from "@/lib/api-keys/api-key-crypto";
import { getEnv } from "@/lib/env";
import { createdApiKeySchema, type CreateApiKeyInput, type CreatedApiKey } from "./schemas";
import { toApiKeyView } from "./to-api-key-view";

/** Enough for every script and CI of one person; a runaway loop stops here. */
export const MAX_ACTIVE_KEYS_PER_USER = 100;

/**
 * Creates an API key for a user. Only the key's SHA-256 is stored; the raw key is in the
 * return value and nowhere else, so the caller must show it now or never.
 */
export async function createApiKey(options: { userId: string } & CreateApiKeyInput): Promise<CreatedApiKey> {
  const db = getDb();
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS_PER_USER) {
    throw new ApiError("conflict", `At most ${MAX_ACTIVE_KEYS_PER_USER} active API keys; revoke one first`);
  }

  const prefix = getEnv().API_KEY_PREFIX;
  const rawKey = generateRawApiKey(prefix);
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: options.userId,
      name: options.name,
      prefix: visibleKeyPrefix(rawKey, prefix),
      keyHash: hashApiKey(rawKey),
    })
    .returning();

  return createdApiKeySchema.parse({ api_key: toApiKeyView(row!), key: rawKey });
}
