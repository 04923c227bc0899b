import { listStores } from "@/lib/store-directory/list-stores";
import type { ListStoresQuery } from "@/lib/store-directory/schemas";
import type { StoreExport } from "./export-store-products";
import type { SegmentExportQuery } from "./schemas";
import { streamTechnologyExport } from "./technology-export";
import type { ProfileSource } from "./technology-profile";
import { latestSources } from "./technology-sources";

/** Stores one export request answers at most: a bound on one download's work, far above any list. */
export const SEGMENT_EXPORT_MAX_STORES = 50_000;
const DIRECTORY_PAGE = 50;

/**
 * The segment's stores a directory page at a time, in the segment's order, through
 * lib/store-directory's listStores: the export holds exactly what GET /api/stores answers.
 */
async function* segmentSources(query: ListStoresQuery): AsyncGenerator<ProfileSource[]> {
  const seen = new Set<string>();
  for (let page = 1; seen.size < SEGMENT_EXPORT_MAX_STORES; page++) {
    const result = await listStores({ ...query, page, per_page: DIRECTORY_PAGE });
    // A store analyzed while we page moves up in the default order; it is exported once.
    const slugs = result.data.map((store) => store.slug).filter((slug) => !seen.has(slug));
    slugs.forEach((slug) => seen.add(slug));
    yield await latestSources({ slugs });
    if (page >= result.pagination.total_pages) return;
  }
}

/** GET /api/stores/export: every store of a directory segment, one technology profile each, streamed. */
export function exportSegment(query: SegmentExportQuery): StoreExport {
  const { format, evidence, ...filters } = query;
  const directoryQuery = { ...filters, page: 1, per_page: DIRECTORY_PAGE } as ListStoresQuery;
  const source = new URLSearchParams(
    Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString();

  return streamTechnologyExport(segmentSources(directoryQuery), {
    format,
    evidence,
    filename: "stores-technologies",
    source: `segment: ${source}`,
  });
}
