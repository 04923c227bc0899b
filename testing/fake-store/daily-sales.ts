// One simulated day of selling: every live variant sells at its own rate (a Poisson draw
// around a per-variant figure fixed by the store seed and the variant id), never more than its
// stock. A variant that sells out is restocked the same day after the day's sales half the
// time (the level rises: the day's sales are hidden inside the rise), else on a later day;
// one running low is sometimes topped up. A restock is always larger than the day's sales, so
// a restock day always shows as a rise. True units sold are recorded on every change.

import { createRng, mixSeed, type Rng } from "./rng";
import type { BuiltStore } from "./build-store";

const SAME_DAY_RESTOCK = 0.5;
const LATER_RESTOCK_PER_DAY = 0.5;
const TOP_UP_BELOW = 3;
const TOP_UP_CHANCE = 0.3;

/** Units a variant sells on an average day: most sell slowly, a few are best sellers. */
export function variantDailyRate(storeSeed: number, variantId: number): number {
  const u = createRng(mixSeed(storeSeed, 0x5a1e5, variantId % 2_147_483_647)).next();
  return Math.round((0.05 + 3 * u ** 3) * 100) / 100;
}

function poisson(rng: Rng, mean: number): number {
  // Knuth's method: rates here are a few units a day at most.
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = rng.next(); p > limit; p *= rng.next()) k++;
  return k;
}

/** What each untouched variant sells and receives today (the caller applies it). */
export function planDailySales(
  target: BuiltStore,
  rng: Rng,
  touched: Set<number>,
): Array<{ slot: number; variantId: number; sold: number; restocked: number }> {
  const plan: Array<{ slot: number; variantId: number; sold: number; restocked: number }> = [];
  for (const slot of target.catalog.liveSlots()) {
    for (const variant of target.catalog.product(slot).variants) {
      if (touched.has(variant.id)) continue;
      const stock = variant.inventoryQuantity;
      let sold = 0;
      let restocked = 0;
      if (stock === 0) {
        if (rng.chance(LATER_RESTOCK_PER_DAY)) restocked = rng.int(10, 40);
      } else {
        sold = Math.min(stock, poisson(rng, variantDailyRate(target.settings.seed, variant.id)));
        const left = stock - sold;
        const restock = left === 0 ? rng.chance(SAME_DAY_RESTOCK) : left < TOP_UP_BELOW && rng.chance(TOP_UP_CHANCE);
        if (restock) restocked = Math.max(rng.int(10, 40), sold + 1);
      }
      if (sold === 0 && restocked === 0) continue;
      touched.add(variant.id);
      plan.push({ slot, variantId: variant.id, sold, restocked });
    }
  }
  return plan;
}
