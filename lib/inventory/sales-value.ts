import type { PriceBand } from "./price-history";
import type { UnitsSold } from "./sales-velocity";
import type { SalesValue } from "./schemas";

export const SALES_VALUE_METHOD =
  "units sold × price, per product, summed: the low bound is the units' low bound × the lowest price any of the product's variants had in the window, the high bound the units' high bound × the highest, the best guess the best-guess units × the midpoint of the two; prices are those the analyses saw (the latest snapshot's, and both sides of each price change in the window, since a sale between two analyses happened at one or the other); list prices in the store's currency, before discounts, taxes and refunds";

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One product's units sold in money, from its price band over the same window (none known: unpriced). */
export function productSalesValue(units: UnitsSold, band: PriceBand | undefined, currency: string | null): SalesValue {
  const unpriced = !band && (units.value ?? 0) + units.range.high > 0;
  if (!band || units.value === null) {
    return {
      currency,
      basis: units.basis,
      value: null,
      range: { low: 0, high: 0 },
      unpriced_products: unpriced ? 1 : 0,
      method: SALES_VALUE_METHOD,
    };
  }

  return {
    currency,
    basis: units.basis,
    value: round2(units.value * band.mid),
    range: { low: round2(units.range.low * band.low), high: round2(units.range.high * band.high) },
    unpriced_products: 0,
    method: SALES_VALUE_METHOD,
  };
}

/** A store's figure: the sum of its products' (null before two snapshots). */
export function sumSalesValues(values: SalesValue[], total: UnitsSold, currency: string | null): SalesValue {
  const sum = (pick: (v: SalesValue) => number) => round2(values.reduce((acc, v) => acc + pick(v), 0));

  return {
    currency,
    basis: total.basis,
    value: total.value === null ? null : sum((v) => v.value ?? 0),
    range: { low: sum((v) => v.range.low), high: sum((v) => v.range.high) },
    unpriced_products: values.reduce((acc, v) => acc + v.unpriced_products, 0),
    method: SALES_VALUE_METHOD,
  };
}
