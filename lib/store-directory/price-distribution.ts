import type { PriceBand, PriceDistribution } from "./schemas";

export type { PriceBand, PriceDistribution };

const MAX_BANDS = 8;

/** 1, 2, 2.5 or 5 times a power of ten: band edges a reader can take in at a glance. */
function niceStep(raw: number): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;

  return step * power;
}

/**
 * Bands of equal, round width over the products' lowest prices (major units, as the store
 * serves them). Every priced product falls in exactly one band; unpriced ones are left out.
 */
export function buildPriceDistribution(prices: (string | null)[]): PriceDistribution {
  const values = prices
    .map((price) => (price === null ? Number.NaN : Number(price)))
    .filter((value) => Number.isFinite(value) && value >= 0)
    .sort((a, b) => a - b);
  if (values.length === 0) return { bands: [], median: null, priced_products: 0 };

  const min = values[0]!;
  const max = values[values.length - 1]!;
  const step = niceStep((max - min) / MAX_BANDS || Math.max(min, 1));
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bands: PriceBand[] = Array.from({ length: count }, (_, i) => ({
    from: round(start + i * step),
    to: round(start + (i + 1) * step),
    count: 0,
  }));
  for (const value of values) bands[Math.min(count - 1, Math.floor((value - start) / step))]!.count += 1;
  const middle = Math.floor(values.length / 2);
  const median = values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;

  return { bands, median: round(median), priced_products: values.length };
}

const round = (value: number) => Math.round(value * 100) / 100;
