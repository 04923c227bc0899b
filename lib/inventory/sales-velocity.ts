/**
 * Units sold and daily velocity as a range with a confidence label, never a bare number
 * (docs/decisions.md §6.8), per product; a store's figures are the sum of its products'.
 *
 * Quantities shown: a drop between two snapshots is a sale, counted exactly (low = point).
 *   A rise is a restock and never a sale, but sales may hide in it: the variant may have sold
 *   down (to zero) before the restock and sold again after it. So the high bound of a rise grows
 *   by the level before it plus the variant's own observed daily rate over the days the
 *   interval spans; the point estimate adds the smaller of the two (the best guess). A single
 *   drop far beyond the store's usual sale size (an inventory correction, a product pulled) is
 *   an outlier and is left out.
 * Quantities hidden: a product's updated_at moving between snapshots with nothing else in the
 *   catalog changed is read as a day it sold ("sale day"); a variant selling out is one too.
 *   The low bound is one unit per sale day; the best guess and the high bound come from a
 *   stated assumption, units per sale day (typical, high), calibrated on stores that show
 *   quantities for products selling on a like share of days (sale-day-calibration.ts). A day the product was also edited (price, variant,
 *   field) or had a variant restocked may or may not be a sale day: nothing in the low bound,
 *   the product's sale-day frequency in the point, a full sale day in the high bound.
 */
export const OUTLIER_MIN_UNITS = 500;
export const OUTLIER_MEDIAN_FACTOR = 20;

export type Confidence = "high" | "medium" | "low";

/**
 * Figures (and so their confidence) start once the store's snapshots span MIN_FIGURE_HOURS:
 * before that a range "measured" over an hour or two says nothing of a 30-day window, and any
 * confidence word would be made up. 20 h, not 24: the daily monitor keeps two checks of a store
 * at least 20 h apart (SKIP_WINDOW_MS in lib/tracking/monitor-schedule.ts), so the first daily
 * check after tracking always brings the figures in, instead of sometimes a day later.
 */
export const MIN_FIGURE_SNAPSHOTS = 2;
export const MIN_FIGURE_HOURS = 20;

/** Whether the snapshots are enough for figures with a confidence: MIN_FIGURE_SNAPSHOTS spanning MIN_FIGURE_HOURS. */
export function enoughData(span: { snapshots: number; observedDays: number }): boolean {
  return span.snapshots >= MIN_FIGURE_SNAPSHOTS && span.observedDays * 24 >= MIN_FIGURE_HOURS;
}
export type Range = { low: number; high: number };
export type Basis = "observed" | "estimated";
/** Which case the figure is in: what it is made from. */
export type SalesCase = "observed" | "observed_with_hidden_sales" | "estimated_from_signals" | "not_enough_data";

export type SaleDayFigures = { low: number; typical: number; high: number };

/** Bands of the share of days a product sells on (from min_share up to the next band's). */
export const SALE_DAY_SHARE_BANDS = [
  { min_share: 0 },
  { min_share: 0.2 },
  { min_share: 0.4 },
  { min_share: 0.7 },
  { min_share: 0.95 },
] as const;

/** The figure that turns sale days into units: an assumption, never an observation. */
export type SaleDayAssumption = SaleDayFigures & {
  name: "units_per_sale_day";
  /** The same figures for products selling on a given share of days (null: one figure for all). */
  by_sale_day_share: Array<SaleDayFigures & { min_share: number; products: number }> | null;
  source: "calibrated" | "default";
  calibrated_on: { stores: number; products: number; sale_days: number } | null;
};

export const DEFAULT_SALE_DAY_ASSUMPTION: SaleDayAssumption = {
  name: "units_per_sale_day",
  low: 1,
  typical: 2,
  high: 6,
  by_sale_day_share: null,
  source: "default",
  calibrated_on: null,
};

/** The figures for a product selling on `share` of the days. */
export function saleDayFigures(assumption: SaleDayAssumption, share: number): SaleDayFigures {
  const band = assumption.by_sale_day_share?.findLast((b) => share >= b.min_share);

  return band ?? assumption;
}

export type InventoryEventRow = {
  productId: number;
  variantId: number;
  jobId: string;
  kind: "sale" | "restock";
  delta: number | null;
  basis: Basis;
  previousQuantity: number | null;
  intervalDays: number | null;
};

export type SaleSignalRow = { productId: number; jobId: string; kind: "sale_day" | "edited"; intervalDays: number };

export type UnitsSold = {
  basis: Basis;
  case: SalesCase;
  /** The best guess (null before there is anything to measure). */
  value: number | null;
  range: Range;
  /** Null while there is not enough data to judge one (see enoughData). */
  confidence: Confidence | null;
  sale_events: number;
  excluded_outliers: number;
  /** Set when units come from the units-per-sale-day assumption. */
  assumption: SaleDayAssumption | null;
  /** For one product: the figures of its sale-day-share band that were applied. */
  applied_assumption?: SaleDayFigures & { sale_day_share: number };
};

export type SalesContext = {
  visible: boolean;
  /** Days of the window with data (from the first snapshot on). */
  coverageDays: number;
  windowDays: number;
  /** Completed snapshots of the store: sales need two. */
  snapshots: number;
  /** Days between the first and the last snapshot the window's figures are measured between. */
  observedDays: number;
  assumption: SaleDayAssumption;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);

  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Observed sale sizes above this are outliers. */
export function outlierThreshold(deltas: number[]): number {
  return Math.max(OUTLIER_MIN_UNITS, OUTLIER_MEDIAN_FACTOR * median(deltas));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function notEnoughData(ctx: SalesContext): UnitsSold {
  return {
    basis: ctx.visible ? "observed" : "estimated",
    case: "not_enough_data",
    value: null,
    range: { low: 0, high: 0 },
    confidence: null,
    sale_events: 0,
    excluded_outliers: 0,
    assumption: null,
  };
}

function observedUnits(events: InventoryEventRow[], ctx: SalesContext, outlierLimit: number): UnitsSold {
  let low = 0;
  let counted = 0;
  let outliers = 0;
  const soldByVariant = new Map<number, number>();
  for (const e of events) {
    if (e.kind !== "sale" || e.basis !== "observed" || e.delta === null) continue;
    if (e.delta > outlierLimit) {
      outliers++;
      continue;
    }
    low += e.delta;
    counted++;
    soldByVariant.set(e.variantId, (soldByVariant.get(e.variantId) ?? 0) + e.delta);
  }
  let hiddenHigh = 0;
  let hiddenGuess = 0;
  for (const e of events) {
    if (e.kind !== "restock" || e.basis !== "observed") continue;
    const rate = (soldByVariant.get(e.variantId) ?? 0) / Math.max(1, ctx.coverageDays);
    const atRate = rate * (e.intervalDays ?? 1);
    const before = e.previousQuantity ?? 0;
    hiddenHigh += before + Math.ceil(atRate);
    hiddenGuess += Math.min(before, Math.round(atRate));
  }
  const full = ctx.coverageDays >= ctx.windowDays - 2;

  return {
    basis: "observed",
    case: hiddenHigh > 0 ? "observed_with_hidden_sales" : "observed",
    value: low + hiddenGuess,
    range: { low, high: low + hiddenHigh },
    confidence: full && hiddenHigh <= 0.1 * Math.max(1, low) ? "high" : "medium",
    sale_events: counted,
    excluded_outliers: outliers,
    assumption: null,
  };
}

function signalledUnits(events: InventoryEventRow[], signals: SaleSignalRow[], ctx: SalesContext): UnitsSold {
  const restocked = new Set(events.filter((e) => e.kind === "restock").map((e) => e.jobId));
  const signalled = new Set(signals.map((s) => s.jobId));
  const saleDays: number[] = [];
  const maybeDays: number[] = [];
  for (const s of signals) {
    if (s.kind === "sale_day" && !restocked.has(s.jobId)) saleDays.push(s.intervalDays);
    else maybeDays.push(s.intervalDays);
  }
  // A sell-out is a sale even where updated_at did not move (a store that never moves it).
  const sellOutJobs = new Set(events.filter((e) => e.kind === "sale" && !signalled.has(e.jobId)).map((e) => e.jobId));
  for (const jobId of sellOutJobs) saleDays.push(events.find((e) => e.jobId === jobId)?.intervalDays ?? 1);
  // At most one snapshot a day is taken, so the window holds at most this many intervals.
  const intervals = Math.max(1, Math.min(ctx.snapshots - 1, Math.ceil(ctx.coverageDays)));
  const frequency = Math.min(1, saleDays.length / Math.max(1, intervals - maybeDays.length));
  const a = saleDayFigures(ctx.assumption, frequency);
  const spans = (days: number) => Math.max(1, Math.ceil(days - 0.05));
  const value = saleDays.length * a.typical + maybeDays.length * a.typical * frequency;
  const high = [...saleDays, ...maybeDays].reduce((sum, days) => sum + a.high * spans(days), 0);

  return {
    basis: "estimated",
    case: "estimated_from_signals",
    value: round2(value),
    // Each sale day is at least one unit: the low bound holds whatever the units per day.
    range: { low: saleDays.length, high: round2(high) },
    confidence: "low",
    sale_events: saleDays.length,
    excluded_outliers: 0,
    assumption: ctx.assumption,
    applied_assumption: { low: a.low, typical: a.typical, high: a.high, sale_day_share: round2(frequency) },
  };
}

/** Units sold per product over the window, from its events and (quantities hidden) signals. */
export function unitsSoldByProduct(
  events: InventoryEventRow[],
  signals: SaleSignalRow[],
  ctx: SalesContext,
  /** The store's outlier limit when `events` are not all of the store's (one product's). */
  outlierLimit?: number,
): Map<number, UnitsSold> {
  const products = new Map<number, { events: InventoryEventRow[]; signals: SaleSignalRow[] }>();
  const entry = (id: number) => products.get(id) ?? products.set(id, { events: [], signals: [] }).get(id)!;
  for (const e of events) entry(e.productId).events.push(e);
  for (const s of signals) entry(s.productId).signals.push(s);
  const limit =
    outlierLimit ??
    outlierThreshold(events.filter((e) => e.kind === "sale" && e.basis === "observed" && e.delta !== null).map((e) => e.delta!));
  const result = new Map<number, UnitsSold>();
  for (const [id, p] of products) {
    result.set(
      id,
      !enoughData(ctx) ? notEnoughData(ctx) : ctx.visible ? observedUnits(p.events, ctx, limit) : signalledUnits(p.events, p.signals, ctx),
    );
  }

  return result;
}

/** A product with neither events nor signals in the window: nothing sold (or nothing known yet). */
export function noUnitsSold(ctx: SalesContext): UnitsSold {
  return !enoughData(ctx) ? notEnoughData(ctx) : ctx.visible ? observedUnits([], ctx, 0) : signalledUnits([], [], ctx);
}

/** A store's (or any group's) figure: the sum of its products'. */
export function sumUnits(products: Iterable<UnitsSold>, ctx: SalesContext): UnitsSold {
  if (!enoughData(ctx)) return notEnoughData(ctx);
  const list = [...products];
  const sum = (pick: (u: UnitsSold) => number) => round2(list.reduce((total, u) => total + pick(u), 0));
  const confidences: Confidence[] = ["low", "medium", "high"];
  const weakest = list.reduce<Confidence>(
    (worst, u) => (u.confidence && confidences.indexOf(u.confidence) < confidences.indexOf(worst) ? u.confidence : worst),
    ctx.visible ? "high" : "low",
  );
  const full = ctx.coverageDays >= ctx.windowDays - 2;
  const hidden = list.some((u) => u.case === "observed_with_hidden_sales");
  const low = sum((u) => u.range.low);
  const high = sum((u) => u.range.high);

  return {
    basis: ctx.visible ? "observed" : "estimated",
    case: ctx.visible ? (hidden ? "observed_with_hidden_sales" : "observed") : "estimated_from_signals",
    value: sum((u) => u.value ?? 0),
    range: { low, high },
    // Per-product doubts average out over a store: judged on the whole, not on its weakest product.
    confidence: ctx.visible ? (full && high - low <= 0.1 * Math.max(1, low) ? "high" : "medium") : weakest,
    sale_events: list.reduce((total, u) => total + u.sale_events, 0),
    excluded_outliers: list.reduce((total, u) => total + u.excluded_outliers, 0),
    assumption: ctx.visible ? null : ctx.assumption,
  };
}

/** Below this many days between the first and last snapshot, no daily rate is given: a few hours say nothing of a day. */
export const MIN_RATE_DAYS = 0.5;

/**
 * Daily velocity: units sold divided by the days between the snapshots they were measured
 * over (never the window total, never a rate from under MIN_RATE_DAYS: then not_enough_data).
 */
export function dailyRate(units: UnitsSold, observedDays: number) {
  if (units.value === null || observedDays < MIN_RATE_DAYS) {
    return { basis: units.basis, case: "not_enough_data" as const, value: null, range: { low: 0, high: 0 }, confidence: null };
  }
  const per = (n: number) => round2(n / observedDays);

  return {
    basis: units.basis,
    case: units.case,
    value: per(units.value),
    range: { low: per(units.range.low), high: per(units.range.high) },
    confidence: units.confidence,
  };
}
