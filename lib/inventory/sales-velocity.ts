/**
 * Sales velocity as a range with a confidence label, never a bare number (DESIGN.md §6).
 *
 * observed: the store shows variant quantities; a drop between two snapshots is a sale and the
 *   range is exact (low = high). Restocks are never sales. A single drop far beyond the store's
 *   usual sale size (an inventory correction, a product pulled) is an outlier and is left out.
 * estimated: the store hides quantities; the only signal is a variant selling out. Each
 *   sell-out is at least one unit and, by assumption, at most MAX_UNITS_PER_SELLOUT; one more
 *   sell-out's worth is allowed for sales that did not end in a sell-out. Confidence: low.
 */
export const MAX_UNITS_PER_SELLOUT = 100;
export const OUTLIER_MIN_UNITS = 500;
export const OUTLIER_MEDIAN_FACTOR = 20;

export type Confidence = "high" | "medium" | "low";
export type Range = { low: number; high: number };

export type SaleEvent = { delta: number | null; basis: "observed" | "estimated" };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);

  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Observed sale sizes above this are outliers. */
export function outlierThreshold(deltas: number[]): number {
  return Math.max(OUTLIER_MIN_UNITS, OUTLIER_MEDIAN_FACTOR * median(deltas));
}

export type UnitsSold = {
  basis: "observed" | "estimated";
  /** The figure itself when observed; null when only a range is known. */
  value: number | null;
  range: Range;
  confidence: Confidence;
  sale_events: number;
  excluded_outliers: number;
};

/** Units sold over a window from its sale events (restocks are never passed in). */
export function unitsSold(sales: SaleEvent[], quantitiesVisible: boolean, coverageDays: number, windowDays: number): UnitsSold {
  const observed = sales.filter((s) => s.basis === "observed" && s.delta !== null).map((s) => s.delta!);
  if (quantitiesVisible) {
    const limit = outlierThreshold(observed);
    const counted = observed.filter((d) => d <= limit);
    const value = counted.reduce((a, b) => a + b, 0);

    return {
      basis: "observed",
      value,
      range: { low: value, high: value },
      confidence: coverageDays >= windowDays - 2 ? "high" : "medium",
      sale_events: counted.length,
      excluded_outliers: observed.length - counted.length,
    };
  }
  const sellOuts = sales.filter((s) => s.basis === "estimated").length;

  return {
    basis: "estimated",
    value: null,
    range: { low: sellOuts, high: (sellOuts + 1) * MAX_UNITS_PER_SELLOUT },
    confidence: "low",
    sale_events: sellOuts,
    excluded_outliers: 0,
  };
}

/** Daily velocity from units sold over the days actually observed. */
export function dailyRate(units: UnitsSold, coverageDays: number): { basis: UnitsSold["basis"]; range: Range; confidence: Confidence } {
  const days = Math.max(1, coverageDays);
  const round = (n: number) => Math.round((n / days) * 100) / 100;

  return { basis: units.basis, range: { low: round(units.range.low), high: round(units.range.high) }, confidence: units.confidence };
}
