import { describe, expect, it } from "vitest";
import { deriveInventoryEvents } from "./derive-inventory-events";

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
});
