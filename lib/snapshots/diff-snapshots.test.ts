import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/shopify-reader/schemas";
import { diffSnapshots, type Snapshot } from "./diff-snapshots";

function product(id: number, overrides: Partial<Product> = {}, variants = [{ id: id * 10, price: "10.00", available: true }]): Product {
  return {
    id,
    handle: `p-${id}`,
    title: `Product ${id}`,
    vendor: "Acme",
    productType: "Thing",
    tags: [],
    createdAt: null,
    updatedAt: null,
    publishedAt: null,
    options: [],
    variants: variants.map((v) => ({
      id: v.id,
      title: "Default Title",
      sku: null,
      options: [],
      price: v.price,
      compareAtPrice: null,
      available: v.available,
      inventoryQuantity: null,
      requiresShipping: true,
      grams: null,
    })),
    images: [],
    imageCount: 0,
    priceMin: "10.00",
    priceMax: "10.00",
    available: true,
    description: "",
    ...overrides,
  };
}

const snapshot = (products: Product[], listingComplete = true): Snapshot => ({ products, collections: [], pages: [], listingComplete });

describe("diffSnapshots", () => {
  it("lists exactly the added, removed and changed products, prices and availability", () => {
    const before = snapshot([product(1), product(2), product(3, {}, [{ id: 30, price: "5.00", available: true }])]);
    const after = snapshot([
      product(1, { title: "Product one" }),
      product(3, {}, [{ id: 30, price: "4.50", available: false }]),
      product(4),
    ]);
    const changes = diffSnapshots(before, after).map((c) => `${c.subject}:${c.change}:${c.subjectId}`);
    expect(changes.sort()).toEqual(
      ["product:changed:1", "price:changed:30", "availability:changed:30", "product:added:4", "product:removed:2"].sort(),
    );
  });

  it("never reports removals when the current listing is incomplete", () => {
    const changes = diffSnapshots(snapshot([product(1), product(2)]), snapshot([product(1)], false));
    expect(changes).toEqual([]);
  });

  it("never reports additions when the previous listing was the incomplete one", () => {
    // Product 2 was missed by the earlier crawl, not added since; its variants are not new either.
    const changes = diffSnapshots(snapshot([product(1)], false), snapshot([product(1), product(2)]));
    expect(changes).toEqual([]);
  });

  it("still reports real removals against an incomplete previous listing", () => {
    const changes = diffSnapshots(snapshot([product(1), product(2)], false), snapshot([product(1)]));
    expect(changes.map((c) => `${c.subject}:${c.change}:${c.subjectId}`)).toEqual(["product:removed:2"]);
  });

  it("reports collections and pages added, removed and changed", () => {
    const page = (id: number, body: string) => ({
      id,
      handle: `page-${id}`,
      title: `Page ${id}`,
      author: null,
      body,
      createdAt: null,
      updatedAt: null,
      publishedAt: null,
    });
    const changes = diffSnapshots(
      { ...snapshot([]), pages: [page(1, "a"), page(2, "b")] },
      { ...snapshot([]), pages: [page(1, "a2"), page(3, "c")] },
    );
    expect(changes.map((c) => `${c.subject}:${c.change}:${c.subjectId}`).sort()).toEqual(
      ["page:added:3", "page:changed:1", "page:removed:2"].sort(),
    );
  });
});
