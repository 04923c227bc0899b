import type { List } from "@/db/schema";
import { siteUrl } from "@/lib/site-url";
import type { ListView } from "./schemas";
import { segmentQueryString, type Segment } from "./segment";

/** A list row as the API answers it. */
export function toListView(list: List, storeCount: number): ListView {
  const segment = list.kind === "segment" ? ((list.segment ?? {}) as Segment) : null;
  const exportUrl = (format: "csv" | "json") => `${siteUrl()}/api/lists/${list.id}/export?format=${format}`;

  return {
    id: list.id,
    name: list.name,
    kind: list.kind,
    segment,
    segment_query: segment ? segmentQueryString(segment) : null,
    store_count: storeCount,
    alerts: list.alerts,
    seen_at: list.seenAt.toISOString(),
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
    export_urls: { csv: exportUrl("csv"), json: exportUrl("json") },
  };
}
