import { and, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { inventoryEvents, productSaleSignals, type Store } from "@/db/schema";
import { listCompletionTimes } from "@/lib/jobs/list-completed-jobs";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";
import { saleDayAssumption } from "./sale-day-calibration";
import {
  DEFAULT_SALE_DAY_ASSUMPTION,
  OUTLIER_MEDIAN_FACTOR,
  OUTLIER_MIN_UNITS,
  sumUnits,
  unitsSoldByProduct,
  type SalesContext,
  type UnitsSold,
} from "./sales-velocity";

export const SALES_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The snapshots the window's figures come from: sales are measured between snapshots, so the
 * window's first interval starts at the last snapshot before it (or the store's first one) and
 * its last ends at the newest. `days` is what a daily rate divides by.
 */
export type ObservedSpan = { from: Date | null; to: Date | null; days: number; snapshots: number };

export type StoreSales = {
  since: Date;
  now: Date;
  observed: ObservedSpan;
  ctx: SalesContext;
  products: Map<number, UnitsSold>;
  /** The sum of `products`: the store's figure unless the call was for one product. */
  total: UnitsSold;
  events: (typeof inventoryEvents.$inferSelect)[];
};

/** The store's outlier limit over the window, computed in the database (for one product's figures). */
async function outlierLimit(inWindow: SQL | undefined): Promise<number> {
  const [row] = await getDb()
    .select({ median: sql<number | null>`percentile_cont(0.5) within group (order by ${inventoryEvents.delta})` })
    .from(inventoryEvents)
    .where(and(inWindow, eq(inventoryEvents.kind, "sale"), eq(inventoryEvents.basis, "observed")));

  return Math.max(OUTLIER_MIN_UNITS, OUTLIER_MEDIAN_FACTOR * Number(row?.median ?? 0));
}

async function observedSpan(storeId: string, since: Date, now: Date): Promise<ObservedSpan & { completed: number }> {
  const { before, within, total } = await listCompletionTimes(storeId, since, now);
  const from = before ?? within[0] ?? null;
  const to = within.at(-1) ?? from;
  const days = from && to ? Math.round(((to.getTime() - from.getTime()) / DAY_MS) * 100) / 100 : 0;

  return { from, to, days, snapshots: within.length + (before ? 1 : 0), completed: total };
}

/**
 * Units sold over the last 30 days for every product of a store with events or signals in it
 * (or only `productId`'s), and the store's total as their sum. The one place both the summary
 * and a product's figures come from, so they always agree.
 */
export async function storeSales(store: Store, now: Date, productId?: number): Promise<StoreSales> {
  const since = new Date(now.getTime() - SALES_WINDOW_DAYS * DAY_MS);
  const inWindow = and(
    eq(inventoryEvents.storeId, store.id),
    gt(inventoryEvents.occurredAt, since),
    lte(inventoryEvents.occurredAt, now),
    fromCompletedJob(inventoryEvents.jobId),
  );
  const ofProduct = productId === undefined ? undefined : eq(inventoryEvents.productId, productId);
  const signalsOfProduct = productId === undefined ? undefined : eq(productSaleSignals.productId, productId);
  const [events, signals, span, limit] = await Promise.all([
    getDb().select().from(inventoryEvents).where(and(inWindow, ofProduct)),
    getDb()
      .select({
        productId: productSaleSignals.productId,
        jobId: productSaleSignals.jobId,
        kind: productSaleSignals.kind,
        intervalDays: productSaleSignals.intervalDays,
      })
      .from(productSaleSignals)
      .where(
        and(
          eq(productSaleSignals.storeId, store.id),
          gt(productSaleSignals.occurredAt, since),
          lte(productSaleSignals.occurredAt, now),
          fromCompletedJob(productSaleSignals.jobId),
          signalsOfProduct,
        ),
      ),
    observedSpan(store.id, since, now),
    productId === undefined ? undefined : outlierLimit(inWindow),
  ]);
  const visible = store.exposesInventory === true;
  const firstSeen = store.firstAnalyzedAt ?? now;
  // Sales are measured between snapshots: the window holds data from the first snapshot on.
  const coverageDays = Math.min(SALES_WINDOW_DAYS, Math.max(0, (now.getTime() - Math.max(firstSeen.getTime(), since.getTime())) / DAY_MS));
  const ctx: SalesContext = {
    visible,
    coverageDays,
    windowDays: SALES_WINDOW_DAYS,
    snapshots: span.completed,
    observedDays: span.days,
    assumption: visible ? DEFAULT_SALE_DAY_ASSUMPTION : await saleDayAssumption(since),
  };
  const products = unitsSoldByProduct(events, signals, ctx, limit);

  const { completed: _completed, ...observed } = span;

  return { since, now, observed, ctx, products, total: sumUnits(products.values(), ctx), events };
}

/** The window as answers state it: its 30 days, and the snapshots and days its figures come from. */
export function windowView(sales: StoreSales) {
  return {
    days: sales.ctx.windowDays,
    from: sales.since.toISOString(),
    to: sales.now.toISOString(),
    coverage_days: Math.round(sales.ctx.coverageDays * 100) / 100,
    snapshots: sales.observed.snapshots,
    observed_from: sales.observed.from?.toISOString() ?? null,
    observed_to: sales.observed.to?.toISOString() ?? null,
    observed_days: sales.observed.days,
  };
}
