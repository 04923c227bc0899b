import { inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { technologySightings } from "@/db/schema";

export type SeenSpan = { first_seen: string; last_seen: string };

/**
 * When each technology of these stores was first and last seen by a completed analysis, by store
 * id and then by `technology:key` (`app:klaviyo`, `tag:meta-pixel`, `theme:theme`): for exports,
 * one query a page of stores.
 */
export async function listSightings(storeIds: readonly string[]): Promise<Map<string, Map<string, SeenSpan>>> {
  const byStore = new Map<string, Map<string, SeenSpan>>();
  if (storeIds.length === 0) return byStore;
  const rows = await getDb()
    .select({
      storeId: technologySightings.storeId,
      technology: technologySightings.technology,
      key: technologySightings.key,
      firstSeenAt: technologySightings.firstSeenAt,
      lastSeenAt: technologySightings.lastSeenAt,
    })
    .from(technologySightings)
    .where(inArray(technologySightings.storeId, [...storeIds]));
  for (const row of rows) {
    const spans = byStore.get(row.storeId) ?? new Map<string, SeenSpan>();
    spans.set(`${row.technology}:${row.key}`, { first_seen: row.firstSeenAt.toISOString(), last_seen: row.lastSeenAt.toISOString() });
    byStore.set(row.storeId, spans);
  }

  return byStore;
}
