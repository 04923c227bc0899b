import { describe, expect, it } from "vitest";
import { bodyProducts, readBodyLayout, withProducts } from "./body-products";

// A report's pages are cut from its stored body: whatever a store wrote in its texts, each
// product is found whole and the envelope reads back exactly.

describe("readBodyLayout", () => {
  it("finds every product and the envelope, whatever quotes, brackets and keys the store's texts hold", () => {
    const hostile = ['"products":[{"x":1}]', "\\", '\\"', "}]}{[", 'a\\\\"b', "\u2028"];
    const products = hostile.map((text, i) => ({ id: i, title: text, nested: { products: [text], list: [[{}], []] } }));
    const report = {
      job: { id: "j", note: '"products":[' },
      metadata: { products: [{ id: 99 }], name: { value: "}{" } },
      products,
      collections: [{ title: "]" }],
      generated_at: "2026-01-01T00:00:00.000Z",
    };
    const text = JSON.stringify(report);
    const layout = readBodyLayout(text);

    expect(layout.count).toBe(products.length);
    expect(bodyProducts(text, layout, 0, 100)).toEqual(products);
    expect(bodyProducts(text, layout, 2, 3)).toEqual(products.slice(2, 5));
    expect(withProducts(layout.envelope, { products: ["page"], products_pagination: { page: 1 } })).toEqual({
      ...report,
      products: ["page"],
      products_pagination: { page: 1 },
    });
    expect(JSON.stringify(withProducts(layout.envelope, { products }))).toBe(text);
  });

  it("reads an empty catalog", () => {
    const layout = readBodyLayout('{"job":{},"products":[],"pages":[]}');
    expect(layout.count).toBe(0);
    expect(layout.envelope).toEqual({ job: {}, products: [], pages: [] });
  });
});
