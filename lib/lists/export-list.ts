import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import type { StoreExport } from "@/lib/export/export-store-products";
import type { TechnologyExportOptions } from "@/lib/export/schemas";
import { streamTechnologyExport } from "@/lib/export/technology-export";
import type { ProfileSource } from "@/lib/export/technology-profile";
import { latestSources } from "@/lib/export/technology-sources";
import { keptMembers, segmentPages } from "./list-members";
import { getOwnedList } from "./owned-list";
import type { ListOwner } from "./plan-limits";
import { readSegment } from "./segment";

const PAGE = 200;

/** GET /api/lists/:id/export: the list's stores now, one technology profile each, streamed page by page. */
export async function exportList(owner: ListOwner, id: string, options: TechnologyExportOptions): Promise<StoreExport> {
  const list = await getOwnedList(owner.id, id);
  const cap = listLimitsFor(owner.plan).storesPerList;

  async function* pages(): AsyncGenerator<ProfileSource[]> {
    if (list.kind === "segment") {
      for await (const page of segmentPages(readSegment(list.segment), cap)) yield latestSources({ ids: page.stores.map((s) => s.id) });
      return;
    }
    // A hand-picked list is at most the plan's stores per list: its ids fit in memory, its profiles are read a page at a time.
    const ids = (await keptMembers(list.id, cap)).map((s) => s.id);
    for (let i = 0; i < ids.length; i += PAGE) yield latestSources({ ids: ids.slice(i, i + PAGE) });
  }
  const filename = `list-${
    list.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "stores"
  }`;

  return streamTechnologyExport(pages(), { ...options, filename, source: `list: ${list.name}` });
}
