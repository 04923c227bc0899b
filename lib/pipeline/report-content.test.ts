import { describe, expect, it } from "vitest";
import { sampleProduct } from "@/testing/directory-seed";
import { summarizeProducts } from "./report-content";

// The report counts its products by vendor and by product type, so pages can chart what a
// store sells without reading its whole catalog again.

describe("summarizeProducts", () => {
  it("counts the commonest product types, most products first, leaving untyped products out", () => {
    const products = [0, 1, 2, 3, 4].map((i) => sampleProduct(i));
    products.push({ ...sampleProduct(5), productType: null });
    // sampleProduct types even products "Shirts" and odd ones "Hats": 0, 2, 4 and 1, 3.
    expect(summarizeProducts(products).top_product_types).toEqual([
      { product_type: "Shirts", count: 3 },
      { product_type: "Hats", count: 2 },
    ]);
  });

  it("keeps ten types at most", () => {
    const products = Array.from({ length: 12 }, (_, i) => ({ ...sampleProduct(i), productType: `Type ${i}` }));
    expect(summarizeProducts(products).top_product_types).toHaveLength(10);
  });
});
