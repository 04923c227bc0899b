import type { Product } from "@/lib/shopify-reader/schemas";

export type InventoryLevel = {
  productId: number;
  variantId: number;
  quantity: number | null;
  available: boolean | null;
};

export type DerivedInventoryEvent = {
  productId: number;
  variantId: number;
  kind: "sale" | "restock";
  /** Units moved; null when only availability flipped. */
  delta: number | null;
  basis: "observed" | "estimated";
  /** The level at the previous snapshot, where quantities show: a rise may hide up to this much selling. */
  previousQuantity: number | null;
};

/**
 * Sales and restocks between two snapshots of one store. Where variants expose
 * inventory_quantity a drop is an observed sale and a rise an observed restock; where they
 * hide it (most stores), an availability flip is an estimated sale (sold out) or restock.
 */
export function deriveInventoryEvents(previous: InventoryLevel[], current: InventoryLevel[]): DerivedInventoryEvent[] {
  const before = new Map(previous.map((level) => [level.variantId, level]));
  const events: DerivedInventoryEvent[] = [];

  for (const level of current) {
    const old = before.get(level.variantId);
    if (!old) continue;
    const { productId, variantId } = level;
    if (old.quantity !== null && level.quantity !== null) {
      const delta = level.quantity - old.quantity;
      const previousQuantity = old.quantity;
      if (delta < 0) events.push({ productId, variantId, kind: "sale", delta: -delta, basis: "observed", previousQuantity });
      if (delta > 0) events.push({ productId, variantId, kind: "restock", delta, basis: "observed", previousQuantity });
      continue;
    }
    if (old.available === true && level.available === false) {
      events.push({ productId, variantId, kind: "sale", delta: null, basis: "estimated", previousQuantity: null });
    } else if (old.available === false && level.available === true) {
      events.push({ productId, variantId, kind: "restock", delta: null, basis: "estimated", previousQuantity: null });
    }
  }

  return events;
}

/**
 * What a product's updated_at moving between two snapshots says where quantities are hidden.
 * Shopify moves it when stock changes, so with nothing else changed it reads as a day the
 * product sold ("sale_day"); with a price, variant or field change too it may be only the edit
 * ("edited"). Availability flips are not edits: they are sales and restocks themselves.
 * `changes` are the product's changes between the two (the snapshot diff's, lib/snapshots).
 */
export function productSaleSignal(
  before: Product,
  current: Product,
  changes: readonly { subject: string }[],
): "sale_day" | "edited" | null {
  if (!before.updatedAt || !current.updatedAt || before.updatedAt === current.updatedAt) return null;
  const edited = changes.some((change) => change.subject !== "availability");

  return edited ? "edited" : "sale_day";
}
