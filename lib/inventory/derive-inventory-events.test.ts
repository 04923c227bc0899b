import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/shopify-reader/schemas";
import { deriveInventoryEvents, productSaleSignal } from "./derive-inventory-events";

function product(updatedAt: string, price = "10.00", available = true): Product {
  return {
    id: 1,
    handle: "p-1",
    title: "Product 1",
    vendor: "Acme",
    productType: "Thing",
    tags: [],
    createdAt: null,
    updatedAt,
    publishedAt: null,
    options: [],
    variants: [
      {
        id: 11,
        title: "Default Title",
        sku: null,
        options: [],
        price,
        compareAtPrice: null,
        available,
        inventoryQuantity: null,
        requiresShipping: true,
        grams: null,
      },
    ],
    images: [],
    imageCount: 0,
    priceMin: price,
    priceMax: price,
    available,
    description: "",
  };
}

describe("deriveInventoryEvents", () => {
  it("turns quantity drops into observed sales and rises into observed restocks", () => {
    const events = deriveInventoryEvents(
      [
        { productId: 1, variantId: 11, quantity: 10, available: true },
        { productId: 1, variantId: 12, quantity: 0, available: false },
        { productId: 2, variantId: 21, quantity: 5, available: true },
      ],
      [
        { productId: 1, variantId: 11, quantity: 7, available: true },
        { productId: 1, variantId: 12, quantity: 20, available: true },
        { productId: 2, variantId: 21, quantity: 5, available: true },
      ],
    );
    expect(events).toEqual([
      { productId: 1, variantId: 11, kind: "sale", delta: 3, basis: "observed", previousQuantity: 10 },
      { productId: 1, variantId: 12, kind: "restock", delta: 20, basis: "observed", previousQuantity: 0 },
    ]);
  });

  it("estimates from availability flips when the store hides quantities", () => {
    const events = deriveInventoryEvents(
      [
        { productId: 1, variantId: 11, quantity: null, available: true },
        { productId: 1, variantId: 12, quantity: null, available: false },
      ],
      [
        { productId: 1, variantId: 11, quantity: null, available: false },
        { productId: 1, variantId: 12, quantity: null, available: true },
        { productId: 3, variantId: 31, quantity: null, available: true },
      ],
    );
    expect(events).toEqual([
      { productId: 1, variantId: 11, kind: "sale", delta: null, basis: "estimated", previousQuantity: null },
      { productId: 1, variantId: 12, kind: "restock", delta: null, basis: "estimated", previousQuantity: null },
    ]);
  });

  it("reads updated_at moving with nothing else changed as a sale day, and tells edits apart", () => {
    const before = product("2026-10-01T09:00:00Z");
    expect(productSaleSignal(before, product("2026-10-01T09:00:00Z"))).toBeNull();
    expect(productSaleSignal(before, product("2026-10-02T09:00:00Z"))).toBe("sale_day");
    // Selling out is a sale, not an edit.
    expect(productSaleSignal(before, product("2026-10-02T09:00:00Z", "10.00", false))).toBe("sale_day");
    expect(productSaleSignal(before, product("2026-10-02T09:00:00Z", "12.00"))).toBe("edited");
    expect(productSaleSignal(product(""), product("2026-10-02T09:00:00Z"))).toBeNull();
  });
});
