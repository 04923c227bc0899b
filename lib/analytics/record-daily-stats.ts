import { sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { storeDailyCatalog, storeDailyChanges } from "@/db/schema";
import type { DerivedInventoryEvent } from "@/lib/inventory/derive-inventory-events";
import type { Change } from "@/lib/snapshots/diff-snapshots";
import type { Product } from "@/lib/shopify-reader/schemas";
import { COUNTED_PREFIX, createChangeTally, detailTypeOf, utcDay } from "./change-types";

type DailyInput = {
  storeId: string;
  jobId: string;
  at: Date;
  /** Changes (counted and detail) and inventory events of this snapshot by stored type (createChangeCounts). */
  counts: Map<string, number>;
  catalog: CatalogFigures;
};

/**
 * A snapshot's counts for the daily aggregates, added up batch by batch: the changes by the one
 * definition (change-types.ts), stored as `change:<type>`, and beside them the details (changelog
 * subjects) and inventory events by their own type. `counts` is current after every call.
 */
export function createChangeCounts() {
  const counts = new Map<string, number>();
  const tally = createChangeTally();
  const bump = (type: string) => counts.set(type, (counts.get(type) ?? 0) + 1);

  return {
    counts,
    addChanges(changes: Change[]) {
      changes.forEach((change) => bump(detailTypeOf(change)));
      tally.add(changes);
      for (const [type, n] of Object.entries(tally.counts())) if (n > 0) counts.set(`${COUNTED_PREFIX}${type}`, n);
    },
    addEvents: (events: DerivedInventoryEvent[]) => events.forEach((event) => bump(event.kind)),
  };
}

export type CatalogFigures = ReturnType<ReturnType<typeof createCatalogFigures>["result"]>;

/** The day's catalog figures, folded in batch by batch (the catalog is never held whole). */
export function createCatalogFigures() {
  // Loops, not Math.min(...prices): a 30,000-product store has too many prices to spread.
  let products = 0;
  let priceMin = Infinity;
  let priceMax = -Infinity;
  let priceSum = 0;
  let priced = 0;
  let variants = 0;
  let available = 0;
  let inventory: number | null = null;

  return {
    add(batch: Product[]) {
      for (const product of batch) {
        products++;
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
    },
    result() {
      return {
        products,
        variants,
        availableVariants: available,
        priceMin: priced ? priceMin : null,
        priceMax: priced ? priceMax : null,
        priceAvg: priced ? Math.round((priceSum / priced) * 100) / 100 : null,
        totalInventory: inventory,
      };
    },
  };
}

/**
 * Folds one snapshot into the store's compact per-day aggregates, inside the report's
 * transaction: change counts add up (atomically, so two jobs of one day both count) and the
 * day's catalog figures are the latest snapshot's. Snapshot cleanup never touches these.
 */
export async function recordDailyStats(tx: Transaction, input: DailyInput): Promise<void> {
  const day = utcDay(input.at);
  const counts = [...input.counts].map(([type, count]) => ({ storeId: input.storeId, day, type, count }));
  if (counts.length > 0) {
    await tx
      .insert(storeDailyChanges)
      .values(counts)
      .onConflictDoUpdate({
        target: [storeDailyChanges.storeId, storeDailyChanges.day, storeDailyChanges.type],
        set: { count: sql`${storeDailyChanges.count} + excluded.count` },
      });
  }
  const figures = input.catalog;
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
