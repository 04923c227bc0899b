import { describe, expect, it } from "vitest";
import { dailyRate, MAX_UNITS_PER_SELLOUT, OUTLIER_MIN_UNITS, unitsSold } from "./sales-velocity";

describe("sales velocity", () => {
  it("observed: the exact units, restocks never passed in, an outsized drop left out as an outlier", () => {
    const sales = [3, 1, 2, 60, OUTLIER_MIN_UNITS + 1].map((delta) => ({ delta, basis: "observed" as const }));
    const units = unitsSold(sales, true, 30, 30);
    expect(units).toMatchObject({ basis: "observed", value: 66, range: { low: 66, high: 66 }, confidence: "high", excluded_outliers: 1 });
    expect(dailyRate(units, 30).range).toEqual({ low: 2.2, high: 2.2 });
  });

  it("observed with little history: medium confidence; no sales is a real zero", () => {
    expect(unitsSold([], true, 5, 30)).toMatchObject({ basis: "observed", value: 0, confidence: "medium" });
  });

  it("estimated: a range from sell-outs with a low confidence label, never a bare number", () => {
    const sellOuts = Array.from({ length: 4 }, () => ({ delta: null, basis: "estimated" as const }));
    const units = unitsSold(sellOuts, false, 30, 30);
    expect(units).toMatchObject({ basis: "estimated", value: null, confidence: "low", range: { low: 4, high: 5 * MAX_UNITS_PER_SELLOUT } });
    expect(unitsSold([], false, 30, 30).range.high).toBeGreaterThan(0);
  });
});
