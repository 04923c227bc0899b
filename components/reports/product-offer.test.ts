import { describe, expect, it } from "vitest";
import { sampleProduct } from "@/testing/directory-seed";
import type { Product } from "@/lib/shopify-reader/schemas";
import { compareAtRange, unitsInStock } from "./product-offer";

// The products table shows a "was" price only for variants sold below their compare-at price,
// and units in stock only when the store shows quantities.

const withVariants = (variants: Partial<Product["variants"][number]>[]): Product => {
  const base = sampleProduct(1);

  return { ...base, variants: variants.map((patch, i) => ({ ...base.variants[0]!, id: i, ...patch })) };
};

describe("compareAtRange", () => {
  it("spans the compare-at prices of the variants on sale", () => {
    const product = withVariants([
      { price: "10.00", compareAtPrice: "15.00" },
      { price: "12.00", compareAtPrice: "20.00" },
      { price: "30.00", compareAtPrice: null },
    ]);
    expect(compareAtRange(product)).toEqual({ min: "15.00", max: "20.00" });
  });

  it("is null when no compare-at price is above its price", () => {
    expect(
      compareAtRange(
        withVariants([
          { price: "10.00", compareAtPrice: "10.00" },
          { price: "10.00", compareAtPrice: "8.00" },
        ]),
      ),
    ).toBeNull();
    expect(compareAtRange(withVariants([{ price: "10.00", compareAtPrice: null }]))).toBeNull();
  });
});

describe("unitsInStock", () => {
  it("adds the variants' quantities, an oversold variant counting as none", () => {
    expect(unitsInStock(withVariants([{ inventoryQuantity: 4 }, { inventoryQuantity: -2 }, { inventoryQuantity: 3 }]))).toBe(7);
  });

  it("is null when the store hides quantities", () => {
    expect(unitsInStock(withVariants([{ inventoryQuantity: null }]))).toBeNull();
  });
});
