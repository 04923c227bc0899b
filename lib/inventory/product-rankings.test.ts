import { describe, expect, it } from "vitest";
import { rankBestSellers, rankLowStock, rankNewest } from "./product-rankings";
import type { UnitsSold } from "./sales-velocity";

const units = (value: number | null, low: number, high: number): UnitsSold => ({
  basis: "observed",
  case: value === null ? "not_enough_data" : "observed",
  value,
  range: { low, high },
  confidence: value === null ? null : "medium",
  sale_events: 0,
  excluded_outliers: 0,
  assumption: null,
});

describe("per-product rankings", () => {
  it("best sellers: most units first, the higher range breaking ties, nothing sold and nothing known left out", () => {
    const products = new Map([
      [1, units(3, 3, 3)],
      [2, units(8, 8, 9)],
      [3, units(3, 3, 7)],
      [4, units(0, 0, 0)],
      [5, units(null, 0, 0)],
      [6, units(3, 3, 3)],
    ]);
    expect(rankBestSellers(products).map(([id]) => id)).toEqual([2, 3, 1, 6]);
    expect(rankBestSellers(products, 2).map(([id]) => id)).toEqual([2, 3]);
    // Day one: no product has a figure yet, so the list is empty (the page says when it fills in).
    expect(rankBestSellers(new Map([[1, units(null, 0, 0)]]))).toEqual([]);
  });

  it("low stock: units summed per product over the variants that show them, fewest in stock first, sold out counted apart", () => {
    const low = rankLowStock([
      { productId: 1, quantity: 5 },
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 3 },
      { productId: 3, quantity: 0 },
      { productId: 3, quantity: -4 },
      { productId: 4, quantity: null },
      { productId: 5, quantity: 40 },
      { productId: 6, quantity: 3 },
      { productId: 6, quantity: null },
    ]);
    expect(low.sold_out).toBe(1);
    expect(low.products).toEqual([
      { product_id: 2, units: 3, variants: 1 },
      { product_id: 6, units: 3, variants: 1 },
      { product_id: 1, units: 7, variants: 2 },
      { product_id: 5, units: 40, variants: 1 },
    ]);
    // A store hiding every quantity has no low-stock list at all.
    expect(rankLowStock([{ productId: 1, quantity: null }])).toEqual({ sold_out: 0, products: [] });
  });

  it("newest: by published date (else created), latest first; undated products last", () => {
    const newest = rankNewest([
      { productId: 10, title: "Old", publishedAt: "2025-01-01T00:00:00-05:00", createdAt: null },
      { productId: 11, title: "New", publishedAt: "2026-11-28T10:00:00Z", createdAt: "2020-01-01T00:00:00Z" },
      { productId: 12, title: "Draft-dated", publishedAt: null, createdAt: "2026-06-01T00:00:00Z" },
      { productId: 13, title: "No date", publishedAt: "not a date", createdAt: null },
      { productId: 14, title: "No date either", publishedAt: null, createdAt: null },
    ]);
    expect(newest.map((p) => p.product_id)).toEqual([11, 12, 10, 14, 13]);
    expect(newest[2]).toEqual({ product_id: 10, title: "Old", published_at: "2025-01-01T05:00:00.000Z" });
    expect(newest[3]!.published_at).toBeNull();
  });
});
