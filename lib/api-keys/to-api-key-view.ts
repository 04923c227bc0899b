import type { ApiKey } from "@/db/schema";
import type { ApiKeyView } from "./schemas";

/** Maps a stored key to its public fields (the output schemas then parse it). */
export function toApiKeyView(row: Pick<ApiKey, "id" | "name" | "prefix" | "createdAt" | "lastUsedAt">): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
