import { describe, expect, it } from "vitest";
import { productSalesValue, SALES_VALUE_METHOD, sumSalesValues } from "./sales-value";
import type { UnitsSold } from "./sales-velocity";

const units = (value: number | null, low: number, high: number): UnitsSold => ({
  basis: "observed",
  case: "observed_with_hidden_sales",
  value,
  range: { low, high },
  confidence: "medium",
  sale_events: 2,
  excluded_outliers: 0,
  assumption: null,
});

describe("sales in money", () => {
  it("is units × the window's prices: low × lowest, high × highest, best guess × their midpoint", () => {
    expect(productSalesValue(units(6, 5, 9), { low: 10, high: 14, mid: 12 }, "EUR")).toEqual({
      currency: "EUR",
      basis: "observed",
      value: 72,
      range: { low: 50, high: 126 },
      unpriced_products: 0,
      method: SALES_VALUE_METHOD,
    });
  });

  it("leaves a product with units but no known price out, and counts it", () => {
    const value = productSalesValue(units(3, 3, 3), undefined, "EUR");
    expect(value).toMatchObject({ value: null, range: { low: 0, high: 0 }, unpriced_products: 1 });
    const total = sumSalesValues([value, productSalesValue(units(2, 1, 4), { low: 5, high: 5, mid: 5 }, "EUR")], units(5, 4, 7), "EUR");
    expect(total).toMatchObject({ value: 10, range: { low: 5, high: 20 }, unpriced_products: 1, method: SALES_VALUE_METHOD });
  });

  it("gives no figure before there are units to price", () => {
    expect(productSalesValue(units(null, 0, 0), { low: 5, high: 5, mid: 5 }, null)).toMatchObject({ value: null, unpriced_products: 0 });
  });
});
