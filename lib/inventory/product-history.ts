import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { inventoryEvents, inventoryLevels, snapshotProducts, type Store } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { currentTime } from "@/lib/time-of-record";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";
import { toEventView } from "./inventory-events";
import { getPriceHistory, priceBands } from "./price-history";
import { productSalesValue } from "./sales-value";
import { dailyRate, noUnitsSold } from "./sales-velocity";
import type { ProductInventory } from "./schemas";
import { storeSales, windowView } from "./store-sales";

type Point = { at: string; quantity: number | null; available: boolean | null; basis: "observed" | "estimated" };

/**
 * Quantity history of each variant, rebuilt backwards from the latest snapshot's levels and
 * the (never pruned) events: a sale of n means n more before it, a restock n fewer. Where the
 * store hides quantities, the history is the availability flips.
 */
function historyOf(
  current: { quantity: number | null; available: boolean | null } | undefined,
  currentAt: Date | null,
  events: (typeof inventoryEvents.$inferSelect)[],
  firstSeen: Date | null,
): Point[] {
  const points: Point[] = [];
  let quantity = current?.quantity ?? null;
  let available = current?.available ?? null;
  if (current && currentAt)
    points.push({ at: currentAt.toISOString(), quantity, available, basis: quantity === null ? "estimated" : "observed" });
  // events arrive newest first
  for (const event of events) {
    const at = event.occurredAt.toISOString();
    if (points.at(-1)?.at !== at) points.push({ at, quantity, available, basis: event.basis });
    if (quantity !== null && event.delta !== null) quantity = event.kind === "sale" ? quantity + event.delta : quantity - event.delta;
    if (event.basis === "estimated") available = event.kind === "sale";
  }
  // Before its oldest event the variant stood still since the store's first snapshot.
  const oldest = events.at(-1);
  if (oldest && firstSeen && firstSeen < oldest.occurredAt) {
    points.push({ at: firstSeen.toISOString(), quantity, available, basis: oldest.basis });
  }

  return points.reverse();
}

/** GET /api/store-detail/:slug/inventory/product/:shopifyId. */
export async function getProductInventory(store: Store, productId: number, query: PaginationQuery): Promise<ProductInventory> {
  const ofProduct = and(
    eq(inventoryEvents.storeId, store.id),
    eq(inventoryEvents.productId, productId),
    fromCompletedJob(inventoryEvents.jobId),
  );
  const levels = store.latestJobId
    ? await getDb()
        .select()
        .from(inventoryLevels)
        .where(and(eq(inventoryLevels.jobId, store.latestJobId), eq(inventoryLevels.productId, productId)))
    : [];
  const events = await getDb().select().from(inventoryEvents).where(ofProduct).orderBy(desc(inventoryEvents.occurredAt));
  // From the store's own computation, so a product's figure is exactly its share of the total.
  const sales = await storeSales(store, currentTime(), productId);
  if (levels.length === 0 && events.length === 0 && !sales.products.has(productId))
    throw new ApiError("not_found", "No inventory recorded for this product");

  const [product] = store.latestJobId
    ? await getDb()
        .select({ title: snapshotProducts.title, handle: snapshotProducts.handle })
        .from(snapshotProducts)
        .where(and(eq(snapshotProducts.jobId, store.latestJobId), eq(snapshotProducts.productId, productId)))
    : [];
  const variantIds = [...new Set([...levels.map((l) => l.variantId), ...events.map((e) => e.variantId)])].sort((a, b) => a - b);
  const titles = new Map(product ? [[productId, product.title]] : []);
  const [{ total } = { total: 0 }] = await getDb().select({ total: count() }).from(inventoryEvents).where(ofProduct);
  const page = events.slice(offsetOf(query), offsetOf(query) + query.per_page);
  const sold = sales.products.get(productId) ?? noUnitsSold(sales.ctx);
  const [prices, bands] = await Promise.all([getPriceHistory(store, productId), priceBands(store, [productId], sales.since)]);

  return {
    product: { id: productId, title: product?.title ?? null, handle: product?.handle ?? null, listed: Boolean(product) },
    basis: store.exposesInventory ? ("observed" as const) : ("estimated" as const),
    window: windowView(sales),
    units_sold: sold,
    daily_velocity: dailyRate(sold, sales.observed.days),
    sales_value: productSalesValue(sold, bands.get(productId), store.currency),
    price_history: prices,
    variants: variantIds.map((variantId) => {
      const level = levels.find((l) => l.variantId === variantId);

      return {
        variant_id: variantId,
        quantity: level?.quantity ?? null,
        available: level?.available ?? null,
        history: historyOf(
          level,
          level?.recordedAt ?? null,
          events.filter((e) => e.variantId === variantId),
          store.firstAnalyzedAt,
        ),
      };
    }),
    events: paginated(
      page.map((event) => toEventView(event, titles)),
      query,
      total,
    ),
  };
}
