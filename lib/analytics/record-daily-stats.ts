import { sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { storeDailyCatalog, storeDailyChanges } from "@/db/schema";
import type { DerivedInventoryEvent } from "@/lib/reports/derive-inventory-events";
import type { Change } from "@/lib/reports/diff-snapshots";
import type { Product } from "@/lib/shopify/schemas";
import { changeTypeOf, utcDay } from "./change-types";

type DailyInput = {
  storeId: string;
  jobId: string;
  at: Date;
  changes: Change[];
  events: DerivedInventoryEvent[];
  products: Product[];
};

function countByType(changes: Change[], events: DerivedInventoryEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (type: string) => counts.set(type, (counts.get(type) ?? 0) + 1);
  for (const change of changes) bump(changeTypeOf(change));
  for (const event of events) bump(event.kind);

  return counts;
}

function catalogFigures(products: Product[]) {
  // Loops, not Math.min(...prices): a 30,000-product store has too many prices to spread.
  let priceMin = Infinity;
  let priceMax = -Infinity;
  let priceSum = 0;
  let priced = 0;
  let variants = 0;
  let available = 0;
  let inventory: number | null = null;
  for (const product of products) {
    for (const variant of product.variants) {
      variants++;
      if (variant.available) available++;
      const price = variant.price === null ? NaN : Number(variant.price);
      if (Number.isFinite(price)) {
        priceMin = Math.min(priceMin, price);
        priceMax = Math.max(priceMax, price);
        priceSum += price;
        priced++;
      }
      if (variant.inventoryQuantity !== null) inventory = (inventory ?? 0) + Math.max(0, variant.inventoryQuantity);
    }
  }

  return {
    products: products.length,
    variants,
    availableVariants: available,
    priceMin: priced ? priceMin : null,
    priceMax: priced ? priceMax : null,
    priceAvg: priced ? Math.round((priceSum / priced) * 100) / 100 : null,
    totalInventory: inventory,
  };
}

/**
 * Folds one snapshot into the store's compact per-day aggregates, inside the report's
 * transaction: change counts add up (atomically, so two jobs of one day both count) and the
 * day's catalogue figures are the latest snapshot's. Snapshot cleanup never touches these.
 */
export async function recordDailyStats(tx: Transaction, input: DailyInput): Promise<void> {
  const day = utcDay(input.at);
  const counts = [...countByType(input.changes, input.events)].map(([type, count]) => ({ storeId: input.storeId, day, type, count }));
  if (counts.length > 0) {
    await tx
      .insert(storeDailyChanges)
      .values(counts)
      .onConflictDoUpdate({
        target: [storeDailyChanges.storeId, storeDailyChanges.day, storeDailyChanges.type],
        set: { count: sql`${storeDailyChanges.count} + excluded.count` },
      });
  }
  const figures = catalogFigures(input.products);
  await tx
    .insert(storeDailyCatalog)
    .values({ storeId: input.storeId, day, jobId: input.jobId, at: input.at, ...figures })
    .onConflictDoUpdate({
      target: [storeDailyCatalog.storeId, storeDailyCatalog.day],
      set: { jobId: input.jobId, at: input.at, ...figures },
      // A late replay of an older snapshot never overwrites a newer one of the same day.
      setWhere: sql`${storeDailyCatalog.at} <= excluded.at`,
    });
}
