import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { inventoryEvents, type Store } from "@/db/schema";
import { offsetOf, paginated } from "@/lib/http/pagination";
import { productTitles } from "./inventory-summary";
import type { InventoryEventList, InventoryEventsQuery } from "./schemas";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";

type EventRow = typeof inventoryEvents.$inferSelect;

export function toEventView(event: EventRow, titles: Map<number, string>) {
  return {
    id: event.id,
    type: event.kind,
    product_id: event.productId,
    variant_id: event.variantId,
    title: titles.get(event.productId) ?? null,
    units: event.delta,
    basis: event.basis,
    job_id: event.jobId,
    occurred_at: event.occurredAt.toISOString(),
  };
}

/** GET /api/store-detail/:slug/inventory/events: the store's sales and restocks, newest first. */
export async function listInventoryEvents(store: Store, query: InventoryEventsQuery): Promise<InventoryEventList> {
  const filters: SQL[] = [eq(inventoryEvents.storeId, store.id), fromCompletedJob(inventoryEvents.jobId)];
  if (query.type) filters.push(eq(inventoryEvents.kind, query.type));
  if (query.product_id) filters.push(eq(inventoryEvents.productId, query.product_id));
  const where = and(...filters);
  const [{ total } = { total: 0 }] = await getDb().select({ total: count() }).from(inventoryEvents).where(where);
  const rows = await getDb()
    .select()
    .from(inventoryEvents)
    .where(where)
    .orderBy(desc(inventoryEvents.occurredAt), desc(inventoryEvents.id))
    .offset(offsetOf(query))
    .limit(query.per_page);
  const titles = await productTitles(store, [...new Set(rows.map((row) => row.productId))]);

  return paginated(
    rows.map((row) => toEventView(row, titles)),
    query,
    total,
  );
}
