import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { inventoryEvents, inventoryLevels, snapshotProducts, storeDailyCatalog, type Store } from "@/db/schema";
import { currentTime } from "@/lib/time-of-record";
import { priceBands } from "./price-history";
import { rankBestSellers, rankLowStock, rankNewest } from "./product-rankings";
import { productSalesValue, sumSalesValues } from "./sales-value";
import { dailyRate, enoughData, MIN_FIGURE_HOURS, MIN_FIGURE_SNAPSHOTS } from "./sales-velocity";
import type { InventorySummary } from "./schemas";
import { SALES_WINDOW_DAYS, storeSales, windowView } from "./store-sales";

const DAY_MS = 86_400_000;
const RECENT_RESTOCKS = 10;
const TOP_SELLERS = 10;

/** Low stock and the newest products, both from the latest snapshot: there from the first day on. */
async function latestProducts(store: Store) {
  if (!store.latestJobId) return { lowStock: rankLowStock([]), newest: rankNewest([]) };
  const [levels, listed] = await Promise.all([
    getDb()
      .select({ productId: inventoryLevels.productId, quantity: inventoryLevels.quantity })
      .from(inventoryLevels)
      .where(eq(inventoryLevels.jobId, store.latestJobId)),
    getDb()
      .select({
        productId: snapshotProducts.productId,
        title: snapshotProducts.title,
        publishedAt: sql<string | null>`${snapshotProducts.data}->>'publishedAt'`,
        createdAt: sql<string | null>`${snapshotProducts.data}->>'createdAt'`,
      })
      .from(snapshotProducts)
      .where(and(eq(snapshotProducts.jobId, store.latestJobId), isNull(snapshotProducts.goneAt))),
  ]);

  return { lowStock: rankLowStock(levels), newest: rankNewest(listed) };
}

/** Titles of products as the store's latest snapshot names them (always kept by cleanup). */
export async function productTitles(store: Store, productIds: number[]): Promise<Map<number, string>> {
  if (!store.latestJobId || productIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ id: snapshotProducts.productId, title: snapshotProducts.title })
    .from(snapshotProducts)
    .where(and(eq(snapshotProducts.jobId, store.latestJobId), inArray(snapshotProducts.productId, productIds)));

  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * GET /api/store-detail/:slug/inventory: units sold in the last 30 days and daily sales (each
 * a range with its basis, case and confidence; the sum of the products' figures; daily sales a
 * rate over the window's observed days, which the answer states with its snapshots), the top
 * sellers, recent restocks, and total_inventory (0 when the store hides quantities, as the
 * contract says). Reads events, signals and per-day aggregates only.
 */
export async function getInventorySummary(store: Store, nextSnapshotAt: Date | null = null): Promise<InventorySummary> {
  const sales = await storeSales(store, currentTime());
  const { now, ctx, products, total: units, events: unordered, observed } = sales;
  const events = [...unordered].sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime());
  const visible = ctx.visible;
  const restocks = events.filter((e) => e.kind === "restock");
  const top = rankBestSellers(products, TOP_SELLERS);
  // Measured: what the snapshots show for sure (the low bound), not the best guess.
  const measured = [...products]
    .filter(([, u]) => u.range.low > 0)
    .sort(([a, x], [b, y]) => y.range.low - x.range.low || a - b)
    .slice(0, TOP_SELLERS);
  const bands = await priceBands(store, [...products.keys()], sales.since);
  const values = new Map([...products].map(([id, u]) => [id, productSalesValue(u, bands.get(id), store.currency)]));

  const [latest] = await getDb()
    .select({ totalInventory: storeDailyCatalog.totalInventory })
    .from(storeDailyCatalog)
    .where(eq(storeDailyCatalog.storeId, store.id))
    .orderBy(desc(storeDailyCatalog.day))
    .limit(1);
  const recent = restocks.slice(0, RECENT_RESTOCKS);
  const { lowStock, newest } = await latestProducts(store);
  const titles = await productTitles(store, [
    ...new Set([
      ...recent.map((e) => e.productId),
      ...top.map(([id]) => id),
      ...measured.map(([id]) => id),
      ...lowStock.products.map((p) => p.product_id),
    ]),
  ]);
  const daily = await dailySeries(store.id, events, now);

  return {
    basis: visible ? ("observed" as const) : ("estimated" as const),
    enough_data: enoughData(ctx),
    enough_data_after: { snapshots: MIN_FIGURE_SNAPSHOTS, hours: MIN_FIGURE_HOURS },
    next_snapshot_at: nextSnapshotAt?.toISOString() ?? null,
    snapshots: ctx.snapshots,
    window: windowView(sales),
    total_inventory: visible ? (latest?.totalInventory ?? 0) : 0,
    total_inventory_basis: visible ? ("observed" as const) : ("unavailable" as const),
    units_sold_30d: units,
    estimated_daily_sales: dailyRate(units, observed.days),
    sales_assumption: units.assumption,
    top_sellers: top.map(([productId, sold]) => ({
      product_id: productId,
      title: titles.get(productId) ?? null,
      units_sold: sold,
      daily_velocity: dailyRate(sold, observed.days),
      sales_value: values.get(productId)!,
    })),
    sales_value_30d: sumSalesValues([...values.values()], units, store.currency),
    best_sellers_measured: measured.map(([productId, sold]) => ({
      product_id: productId,
      title: titles.get(productId) ?? null,
      measured_units: sold.range.low,
      sales_value: values.get(productId)!,
    })),
    low_stock: {
      basis: visible ? ("observed" as const) : ("unavailable" as const),
      sold_out: lowStock.sold_out,
      products: lowStock.products.map((p) => ({ ...p, title: titles.get(p.product_id) ?? null })),
    },
    newest_products: newest,
    restocks_30d: {
      events: restocks.length,
      units: visible ? restocks.reduce((sum, e) => sum + (e.delta ?? 0), 0) : null,
      basis: visible ? ("observed" as const) : ("estimated" as const),
    },
    recent_restocks: recent.map((e) => ({
      product_id: e.productId,
      variant_id: e.variantId,
      title: titles.get(e.productId) ?? null,
      units: e.delta,
      basis: e.basis,
      occurred_at: e.occurredAt.toISOString(),
    })),
    daily,
  };
}

type EventRow = typeof inventoryEvents.$inferSelect;

/** Per-day sales and restocks of the window, for the chart (days without snapshots stay empty). */
async function dailySeries(storeId: string, events: EventRow[], now: Date) {
  const days = Array.from({ length: SALES_WINDOW_DAYS }, (_, i) =>
    new Date(now.getTime() - (SALES_WINDOW_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const byDay = new Map(
    days.map((day) => [day, { day, units_sold: 0, sale_events: 0, restock_events: 0, inventory: null as number | null }]),
  );
  for (const event of events) {
    const cell = byDay.get(event.occurredAt.toISOString().slice(0, 10));
    if (!cell) continue;
    if (event.kind === "sale") {
      cell.sale_events++;
      cell.units_sold += event.delta ?? 0;
    } else cell.restock_events++;
  }
  const levels = await getDb()
    .select({ day: storeDailyCatalog.day, total: storeDailyCatalog.totalInventory })
    .from(storeDailyCatalog)
    .where(and(eq(storeDailyCatalog.storeId, storeId)))
    .orderBy(asc(storeDailyCatalog.day));
  for (const level of levels) {
    const cell = byDay.get(level.day);
    if (cell) cell.inventory = level.total;
  }

  return [...byDay.values()];
}
