import { notFound } from "@/lib/http/errors";
import type { StoreExport } from "./export-store-products";
import type { TechnologyExportOptions } from "./schemas";
import { onePage, streamTechnologyExport } from "./technology-export";
import { latestSources } from "./technology-sources";

/** GET /api/stores/:slug/export: one store's technology profile from its latest analysis. */
export async function exportStoreTechnologies(slug: string, options: TechnologyExportOptions): Promise<StoreExport> {
  const sources = await latestSources({ slugs: [slug] });
  if (sources.length === 0) throw notFound(`Store ${slug}`);

  return streamTechnologyExport(onePage(sources), { ...options, filename: `${slug}-technologies`, source: `store: ${slug}` });
}
