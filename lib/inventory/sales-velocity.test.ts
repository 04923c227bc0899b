import { describe, expect, it } from "vitest";
import {
  dailyRate,
  DEFAULT_SALE_DAY_ASSUMPTION,
  enoughData,
  MIN_FIGURE_HOURS,
  OUTLIER_MIN_UNITS,
  sumUnits,
  unitsSoldByProduct,
  type InventoryEventRow,
  type SalesContext,
} from "./sales-velocity";

const ctx = (visible: boolean, snapshots = 31, observedDays = 30): SalesContext => ({
  visible,
  coverageDays: 30,
  windowDays: 30,
  snapshots,
  observedDays,
  assumption: DEFAULT_SALE_DAY_ASSUMPTION,
});
const event = (e: Partial<InventoryEventRow> & Pick<InventoryEventRow, "kind">): InventoryEventRow => ({
  productId: 1,
  variantId: 11,
  jobId: "j1",
  delta: null,
  basis: "observed",
  previousQuantity: null,
  intervalDays: 1,
  ...e,
});

describe("sales velocity", () => {
  it("quantities shown: exact drops, an outsized drop left out as an outlier, restocks never counted", () => {
    const sales = [3, 1, 2, 60, OUTLIER_MIN_UNITS + 1].map((delta, i) => event({ kind: "sale", delta, jobId: `j${i}` }));
    const products = unitsSoldByProduct(sales, [], ctx(true));
    const units = sumUnits(products.values(), ctx(true));
    expect(units).toMatchObject({
      basis: "observed",
      case: "observed",
      value: 66,
      range: { low: 66, high: 66 },
      confidence: "high",
      excluded_outliers: 1,
    });
    expect(dailyRate(units, 30).range).toEqual({ low: 2.2, high: 2.2 });
  });

  it("daily sales are the units divided by the days observed, never the window total, and none from a few hours", () => {
    const units = sumUnits(unitsSoldByProduct([event({ kind: "sale", delta: 642 })], [], ctx(true, 2)).values(), ctx(true, 2));
    expect(units.value).toBe(642);
    // Two snapshots two days apart: 321 a day, not 642.
    expect(dailyRate(units, 2)).toMatchObject({ value: 321, range: { low: 321, high: 321 } });
    // Two snapshots 20 hours apart: a rate over the 0.83 days seen.
    expect(dailyRate(units, 0.83).value).toBeCloseTo(773.49, 1);
    // Two snapshots minutes apart: no daily rate at all.
    expect(dailyRate(units, 0.01)).toMatchObject({ case: "not_enough_data", value: null });
  });

  it("quantities shown: a rise may hide sales, so the high bound grows by the level before it plus the variant's own rate", () => {
    // 30 units over 30 days (1 a day), then a variant at 4 is restocked to 25: up to 4 + 1 sold inside.
    const events = [event({ kind: "sale", delta: 30, jobId: "a" }), event({ kind: "restock", delta: 21, previousQuantity: 4, jobId: "b" })];
    const units = unitsSoldByProduct(events, [], ctx(true)).get(1)!;
    expect(units).toMatchObject({ case: "observed_with_hidden_sales", value: 31, range: { low: 30, high: 35 }, confidence: "medium" });
    // A same-day sell-out of all 4 and a restock: the truth (34) lies inside.
    expect(units.range.low).toBeLessThanOrEqual(34);
    expect(units.range.high).toBeGreaterThanOrEqual(34);
  });

  it("quantities hidden: sale days from updated_at, edits told apart, units from the named assumption", () => {
    const signals = [
      { productId: 1, jobId: "a", kind: "sale_day" as const, intervalDays: 1 },
      { productId: 1, jobId: "b", kind: "sale_day" as const, intervalDays: 1 },
      { productId: 2, jobId: "b", kind: "edited" as const, intervalDays: 1 },
    ];
    const sellOut = event({ productId: 3, kind: "sale", basis: "estimated", jobId: "c" });
    const products = unitsSoldByProduct([sellOut], signals, ctx(false));
    const a = DEFAULT_SALE_DAY_ASSUMPTION;
    expect(products.get(1)).toMatchObject({
      basis: "estimated",
      case: "estimated_from_signals",
      value: 2 * a.typical,
      range: { low: 2, high: 2 * a.high },
      confidence: "low",
      assumption: a,
      applied_assumption: { typical: a.typical, sale_day_share: 0.07 },
    });
    // An edit alone sells nothing for sure: no low bound, a full sale day in the high bound.
    expect(products.get(2)).toMatchObject({ range: { low: 0, high: a.high } });
    expect(products.get(3)).toMatchObject({ range: { low: 1, high: a.high }, sale_events: 1 });
    const store = sumUnits(products.values(), ctx(false));
    expect(store.range).toEqual({ low: 3, high: 4 * a.high });
    expect(store.assumption).toEqual(a);
  });

  it("quantities hidden: a product selling on most days takes the figures calibrated for products that do", () => {
    const bands = [
      { min_share: 0, low: 1, typical: 1.2, high: 2, products: 10 },
      { min_share: 0.7, low: 3, typical: 5, high: 9, products: 10 },
    ];
    const assumption = { ...DEFAULT_SALE_DAY_ASSUMPTION, by_sale_day_share: bands, source: "calibrated" as const };
    const daily = Array.from({ length: 30 }, (_, i) => ({ productId: 1, jobId: `d${i}`, kind: "sale_day" as const, intervalDays: 1 }));
    const rare = [{ productId: 2, jobId: "d0", kind: "sale_day" as const, intervalDays: 1 }];
    const products = unitsSoldByProduct([], [...daily, ...rare], { ...ctx(false), assumption });
    expect(products.get(1)).toMatchObject({ value: 150, range: { low: 30, high: 270 } });
    expect(products.get(2)).toMatchObject({ value: 1.2, range: { low: 1, high: 2 } });
  });

  it("before two snapshots there is not enough data: no figure, not a zero-to-something range", () => {
    expect(sumUnits([], ctx(false, 1))).toMatchObject({ case: "not_enough_data", value: null, range: { low: 0, high: 0 } });
  });

  it("snapshots spanning under the threshold give no figure and no confidence, however many there are", () => {
    const sale = event({ kind: "sale", delta: 4 });
    const hour = 1 / 24;
    // Day one: two snapshots an hour apart saw 4 units go; that is no 30-day figure, and no "medium".
    const early = sumUnits(unitsSoldByProduct([sale], [], ctx(true, 2, hour)).values(), ctx(true, 2, hour));
    expect(early).toMatchObject({ case: "not_enough_data", value: null, confidence: null });
    expect(sumUnits([], ctx(true, 5, hour))).toMatchObject({ case: "not_enough_data", confidence: null });
    expect(dailyRate(early, hour)).toMatchObject({ case: "not_enough_data", value: null, confidence: null });
    // Just under and at the threshold.
    const under = (MIN_FIGURE_HOURS - 0.1) / 24;
    const at = MIN_FIGURE_HOURS / 24;
    expect(enoughData({ snapshots: 2, observedDays: under })).toBe(false);
    expect(enoughData({ snapshots: 2, observedDays: at })).toBe(true);
    expect(enoughData({ snapshots: 1, observedDays: 30 })).toBe(false);
    // The next daily snapshot brings the figure and its confidence in.
    const next = sumUnits(unitsSoldByProduct([sale], [], ctx(true, 2, at)).values(), ctx(true, 2, at));
    expect(next).toMatchObject({ case: "observed", value: 4, confidence: "high" });
  });
});
