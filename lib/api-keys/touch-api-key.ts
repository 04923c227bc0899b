import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";

/**
 * Stamps a key's last use. Best effort, and at most once a minute per key: a busy script must
 * not turn every request into a write, and a lost last-used stamp must never fail the request.
 */
export function touchApiKey(apiKeyId: string): void {
  void getDb()
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, apiKeyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - 60_000)))))
    .catch(() => {});
}
