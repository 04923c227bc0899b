import { and, arrayContains, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { storeApps, stores } from "@/db/schema";
import { offsetOf, paginated } from "@/lib/http/pagination";
import type { ListStoresQuery, StoreList } from "./schemas";
import { serializeStoreListItem } from "./serialize-store";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The public directory: every store with a completed analysis, searchable and filterable. */
export async function listStores(query: ListStoresQuery): Promise<StoreList> {
  const filters: SQL[] = [isNotNull(stores.latestJobId)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(stores.name, pattern), ilike(stores.domain, pattern), ilike(stores.description, pattern))!);
  }
  if (query.country) filters.push(eq(stores.country, query.country));
  if (query.currency) filters.push(eq(stores.currency, query.currency));
  if (query.app) {
    filters.push(
      sql`exists (select 1 from ${storeApps} where ${storeApps.storeId} = ${stores.id} and ${storeApps.appSlug} = ${query.app})`,
    );
  }
  // Each is one containment test on an array of the store's row, served by its GIN index.
  if (query.tag) filters.push(arrayContains(stores.tagKinds, [query.tag]));
  if (query.language) filters.push(arrayContains(stores.languages, [query.language]));
  if (query.market) filters.push(arrayContains(stores.markets, [query.market]));
  if (query.agent) filters.push(arrayContains(stores.agentReadiness, [query.agent]));
  const where = and(...filters);
  const order =
    query.sort === "products"
      ? [desc(stores.productCount), asc(stores.slug)]
      : query.sort === "name"
        ? [asc(stores.name), asc(stores.slug)]
        : [desc(stores.lastAnalyzedAt), asc(stores.slug)];

  const [rows, [count]] = await Promise.all([
    getDb()
      .select()
      .from(stores)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(offsetOf(query)),
    getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(where),
  ]);

  return paginated(rows.map(serializeStoreListItem), query, count?.n ?? 0);
}
