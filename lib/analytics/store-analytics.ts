import { and, asc, eq, gte } from "drizzle-orm";
import { getDb } from "@/db";
import { storeDailyCatalog, type Store } from "@/db/schema";
import { listCompletedJobs } from "@/lib/jobs/list-completed-jobs";
import { currentTime } from "@/lib/time-of-record";
import { utcDay } from "./change-types";
import { buildHeatGraph, heatGraphDays } from "./heat-graph";
import type { StoreAnalytics } from "./schemas";

/**
 * GET /api/store-detail/:slug/analytics: catalog size and prices per day, and the 365-day
 * change heat graph — all from the per-day aggregates and the jobs, so snapshot cleanup changes
 * nothing here.
 */
export async function getStoreAnalytics(store: Store): Promise<StoreAnalytics> {
  const now = currentTime();
  const from = heatGraphDays(now)[0]!;
  const catalog = await getDb()
    .select()
    .from(storeDailyCatalog)
    .where(and(eq(storeDailyCatalog.storeId, store.id), gte(storeDailyCatalog.day, from)))
    .orderBy(asc(storeDailyCatalog.day));
  const completed = await listCompletedJobs(store.id, { since: new Date(`${from}T00:00:00Z`), until: now });
  const snapshotsByDay = new Map<string, number>();
  for (const { completedAt: at } of completed) if (at) snapshotsByDay.set(utcDay(at), (snapshotsByDay.get(utcDay(at)) ?? 0) + 1);
  const heatGraph = await buildHeatGraph(store.id, now, snapshotsByDay);
  const latest = catalog.at(-1);

  return {
    store: {
      slug: store.slug,
      domain: store.domain,
      name: store.name,
      currency: store.currency,
      exposes_inventory: store.exposesInventory,
      first_analyzed_at: store.firstAnalyzedAt?.toISOString() ?? null,
      last_analyzed_at: store.lastAnalyzedAt?.toISOString() ?? null,
    },
    catalog: {
      products: latest?.products ?? store.productCount ?? null,
      variants: latest?.variants ?? null,
      price_min: latest?.priceMin ?? null,
      price_max: latest?.priceMax ?? null,
      price_avg: latest?.priceAvg ?? null,
      /** Provenance: counts are observed, price statistics derived from observed prices. */
      basis: "observed" as const,
    },
    over_time: catalog.map((row) => ({
      day: row.day,
      products: row.products,
      variants: row.variants,
      available_variants: row.availableVariants,
      price_min: row.priceMin,
      price_max: row.priceMax,
      price_avg: row.priceAvg,
      changes: heatGraph.cells.find((cell) => cell.day === row.day)?.total ?? 0,
    })),
    heat_graph: heatGraph,
  };
}
