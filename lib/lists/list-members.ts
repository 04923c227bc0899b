import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { getDb } from "@/db";
import { listStores, stores, type List } from "@/db/schema";
import { listStores as listDirectory } from "@/lib/store-directory/list-stores";
import type { ListStoresQuery } from "@/lib/store-directory/schemas";
import { readSegment } from "./segment";

export type MemberStore = { id: string; slug: string; domain: string; name: string | null };

/** The directory's page size cap (GET /api/stores's per_page): a segment is read the way the API reads it. */
const DIRECTORY_PAGE = 50;

/**
 * A segment's stores, page by page in its own order, up to `cap`: each page is one
 * GET /api/stores page (lib/store-directory, the one reader of the directory), so a segment
 * lists exactly what the directory shows for its query. Never more than one page in memory.
 */
export async function* segmentPages(query: ListStoresQuery, cap: number): AsyncGenerator<{ stores: MemberStore[]; total: number }> {
  const seen = new Set<string>();
  let taken = 0;
  for (let page = 1; taken < cap; page++) {
    const result = await listDirectory({ ...query, page, per_page: DIRECTORY_PAGE });
    // A store analyzed while we page moves up in the default order; it is answered once.
    const slugs = result.data.map((store) => store.slug).filter((slug) => !seen.has(slug));
    slugs.forEach((slug) => seen.add(slug));
    const rows = slugs.length
      ? await getDb()
          .select({ id: stores.id, slug: stores.slug, domain: stores.domain, name: stores.name })
          .from(stores)
          .where(inArray(stores.slug, slugs))
      : [];
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    const members = slugs.flatMap((slug) => bySlug.get(slug) ?? []).slice(0, cap - taken);
    taken += members.length;
    yield { stores: members, total: result.pagination.total };
    if (page >= result.pagination.total_pages) return;
  }
}

/** How many stores a segment holds in the directory now. */
export async function segmentCount(segment: unknown): Promise<number> {
  const result = await listDirectory({ ...readSegment(segment), page: 1, per_page: 1 });

  return result.pagination.total;
}

/** The stores kept in list_stores: a hand-picked list's stores, a segment's as of the last visit. */
export async function keptMembers(listId: string, cap?: number): Promise<MemberStore[]> {
  const query = getDb()
    .select({ id: stores.id, slug: stores.slug, domain: stores.domain, name: stores.name })
    .from(listStores)
    .innerJoin(stores, eq(stores.id, listStores.storeId))
    .where(and(eq(listStores.listId, listId), isNotNull(stores.latestJobId)))
    .orderBy(asc(listStores.addedAt), asc(stores.slug));

  return cap === undefined ? query : query.limit(cap);
}

/** The list's stores now, at most `cap`: a segment evaluated, a hand-picked list as picked. */
export async function currentMembers(list: List, cap: number): Promise<{ stores: MemberStore[]; total: number }> {
  if (list.kind === "stores") {
    const members = await keptMembers(list.id);
    return { stores: members.slice(0, cap), total: members.length };
  }

  return segmentMembers(list.segment, cap);
}

/** A stored segment's stores now, at most `cap`, and how many it holds in all. */
export async function segmentMembers(segment: unknown, cap: number): Promise<{ stores: MemberStore[]; total: number }> {
  const members: MemberStore[] = [];
  let total = 0;
  for await (const page of segmentPages(readSegment(segment), cap)) {
    members.push(...page.stores);
    total = page.total;
  }

  return { stores: members, total };
}
