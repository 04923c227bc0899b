import { and, arrayContains, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { storeApps, stores, technologyEvents } from "@/db/schema";
import { offsetOf, paginated } from "@/lib/http/pagination";
import { currentTime } from "@/lib/time-of-record";
import { filterValues, type AgentCapability, type ListStoresQuery, type StoreList } from "./schemas";
import { serializeStoreListItem } from "./serialize-store";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const DAY_MS = 86_400_000;
/** Apps listed per store in a page of the directory (a store runs a few dozen at most). */
const APPS_PER_STORE = 50;

/** The store runs the app now (its latest completed analysis found it): one probe of store_apps' primary key. */
const runs = (slugs: string[]) =>
  sql`exists (select 1 from ${storeApps} where ${storeApps.storeId} = ${stores.id} and ${inArray(storeApps.appSlug, slugs)})`;

/** An analysis saw the store install (or remove) one of the apps since `since`: technology_events' (technology, key, at) index. */
function changedApp(kind: "app_installed" | "app_removed", slugs: string[], since: Date): SQL {
  return sql`exists (select 1 from ${technologyEvents} where ${and(
    eq(technologyEvents.technology, "app"),
    inArray(technologyEvents.key, slugs),
    gte(technologyEvents.at, since),
    eq(technologyEvents.kind, kind),
    eq(technologyEvents.storeId, stores.id),
  )})`;
}

/** The start of a UTC day, and the end of one (its last instant), for the date filters. */
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const endOf = (day: string) => new Date(startOf(day).getTime() + DAY_MS - 1);

/**
 * The conditions of a segment, each served by an index of the store row (GIN on its arrays, btree
 * on its figures and dates) or a probe of store_apps / technology_events per candidate store.
 */
export function segmentConditions(query: ListStoresQuery): SQL[] {
  const filters: SQL[] = [isNotNull(stores.latestJobId)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(stores.name, pattern), ilike(stores.domain, pattern), ilike(stores.description, pattern))!);
  }
  const list = filterValues;
  if (query.country) filters.push(inArray(stores.country, list(query.country)));
  if (query.currency) filters.push(inArray(stores.currency, list(query.currency)));
  if (query.theme) filters.push(inArray(stores.themeSlug, list(query.theme)));
  for (const app of list(query.app)) filters.push(runs([app]));
  if (query.app_any) filters.push(runs(list(query.app_any)));
  if (query.app_none) filters.push(sql`not ${runs(list(query.app_none))}`);
  const since = new Date(currentTime().getTime() - query.within_days * DAY_MS);
  if (query.installed) filters.push(changedApp("app_installed", list(query.installed), since));
  if (query.removed) filters.push(changedApp("app_removed", list(query.removed), since));
  // Each is one containment test on an array of the store's row (all of the values), served by its GIN index.
  if (query.tag) filters.push(arrayContains(stores.tagKinds, list(query.tag)));
  if (query.language) filters.push(arrayContains(stores.languages, list(query.language)));
  if (query.market) filters.push(arrayContains(stores.markets, list(query.market)));
  if (query.agent) filters.push(arrayContains(stores.agentReadiness, list<AgentCapability>(query.agent)));
  if (query.products_min !== undefined) filters.push(gte(stores.productCount, query.products_min));
  if (query.products_max !== undefined) filters.push(lte(stores.productCount, query.products_max));
  if (query.price_min !== undefined) filters.push(gte(stores.priceMedian, query.price_min));
  if (query.price_max !== undefined) filters.push(lte(stores.priceMedian, query.price_max));
  if (query.first_analyzed_from) filters.push(gte(stores.firstAnalyzedAt, startOf(query.first_analyzed_from)));
  if (query.first_analyzed_to) filters.push(lte(stores.firstAnalyzedAt, endOf(query.first_analyzed_to)));
  if (query.last_analyzed_from) filters.push(gte(stores.lastAnalyzedAt, startOf(query.last_analyzed_from)));
  if (query.last_analyzed_to) filters.push(lte(stores.lastAnalyzedAt, endOf(query.last_analyzed_to)));

  return filters;
}

function orderOf(sort: ListStoresQuery["sort"]): SQL[] {
  const nullsLast = (column: SQL | typeof stores.productCount, direction: "asc" | "desc") =>
    sql`${column} ${sql.raw(direction)} nulls last`;
  switch (sort) {
    case "products":
      return [nullsLast(sql`${stores.productCount}`, "desc"), asc(stores.slug)];
    case "products_asc":
      return [nullsLast(sql`${stores.productCount}`, "asc"), asc(stores.slug)];
    case "price":
      return [nullsLast(sql`${stores.priceMedian}`, "desc"), asc(stores.slug)];
    case "price_asc":
      return [nullsLast(sql`${stores.priceMedian}`, "asc"), asc(stores.slug)];
    case "name":
      return [asc(stores.name), asc(stores.slug)];
    case "first_analyzed":
      return [nullsLast(sql`${stores.firstAnalyzedAt}`, "desc"), asc(stores.slug)];
    case "recent":
      return [desc(stores.lastAnalyzedAt), asc(stores.slug)];
  }
}

/** The apps of each store of a page, by store id, slugs in order. */
async function appsOfStores(storeIds: string[]): Promise<Map<string, string[]>> {
  const byStore = new Map<string, string[]>();
  if (storeIds.length === 0) return byStore;
  const rows = await getDb()
    .select({ storeId: storeApps.storeId, slug: storeApps.appSlug })
    .from(storeApps)
    .where(inArray(storeApps.storeId, storeIds))
    .orderBy(asc(storeApps.storeId), asc(storeApps.appSlug));
  for (const row of rows) {
    const list = byStore.get(row.storeId) ?? [];
    if (list.length < APPS_PER_STORE) list.push(row.slug);
    byStore.set(row.storeId, list);
  }

  return byStore;
}

/**
 * The public directory: every store with a completed analysis, narrowed by a segment (any
 * combination of its filters), sorted, one page at a time (at most 50 stores, pages up to
 * MAX_DIRECTORY_PAGE), with the segment's total.
 */
export async function listStores(query: ListStoresQuery): Promise<StoreList> {
  const where = and(...segmentConditions(query));
  const [rows, [count]] = await Promise.all([
    getDb()
      .select()
      .from(stores)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(where),
  ]);
  const apps = await appsOfStores(rows.map((row) => row.id));

  return paginated(
    rows.map((row) => serializeStoreListItem(row, apps.get(row.id) ?? [])),
    query,
    count?.n ?? 0,
  );
}
