/** Scores sales figures (a range and a best guess) against the fake store's recorded truth. */

export type SalesFigure = { value: number | null; range: { low: number; high: number } };

export type SalesScores = {
  store: {
    truth: number;
    value: number | null;
    low: number;
    high: number;
    contains: boolean;
    midpointError: number;
    estimateError: number | null;
  };
  products: {
    scored: number;
    contained: number;
    share: number;
    medianMidpointError: number;
    missed: Array<{ id: number; truth: number; low: number; high: number }>;
  };
};

const relative = (guess: number, truth: number) => (truth === 0 ? (guess === 0 ? 0 : Infinity) : Math.abs(guess - truth) / truth);
const contains = (f: SalesFigure, truth: number) => f.range.low <= truth && truth <= f.range.high;
const midpoint = (f: SalesFigure) => (f.range.low + f.range.high) / 2;

/** Products are scored when they truly sold at least `minSales` units. */
export function scoreSales(
  store: SalesFigure,
  storeTruth: number,
  products: Array<{ id: number; truth: number; figure: SalesFigure }>,
  minSales = 5,
): SalesScores {
  const scored = products.filter((p) => p.truth >= minSales);
  const inside = scored.filter((p) => contains(p.figure, p.truth));
  const errors = scored.map((p) => relative(midpoint(p.figure), p.truth)).sort((a, b) => a - b);

  return {
    store: {
      truth: storeTruth,
      value: store.value,
      low: store.range.low,
      high: store.range.high,
      contains: contains(store, storeTruth),
      midpointError: relative(midpoint(store), storeTruth),
      estimateError: store.value === null ? null : relative(store.value, storeTruth),
    },
    products: {
      scored: scored.length,
      contained: inside.length,
      share: scored.length === 0 ? 1 : inside.length / scored.length,
      medianMidpointError: errors[Math.floor(errors.length / 2)] ?? 0,
      missed: scored
        .filter((p) => !contains(p.figure, p.truth))
        .map((p) => ({ id: p.id, truth: p.truth, low: p.figure.range.low, high: p.figure.range.high })),
    },
  };
}

const pct = (n: number | null) => (n === null ? "n/a" : `${(n * 100).toFixed(1)} %`);

export function formatSalesScores(label: string, s: SalesScores): string {
  return [
    `${label}: store truth ${s.store.truth}, range [${s.store.low}, ${s.store.high}] ${s.store.contains ? "contains it" : "MISSES it"}, midpoint off ${pct(s.store.midpointError)}, estimate ${s.store.value} off ${pct(s.store.estimateError)}`,
    `${label}: products with >= 5 sales: ${s.products.contained}/${s.products.scored} ranges contain the truth (${pct(s.products.share)}), median midpoint off ${pct(s.products.medianMidpointError)}`,
  ].join("\n");
}
