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
      if (delta < 0) events.push({ productId, variantId, kind: "sale", delta: -delta, basis: "observed" });
      if (delta > 0) events.push({ productId, variantId, kind: "restock", delta, basis: "observed" });
      continue;
    }
    if (old.available === true && level.available === false) {
      events.push({ productId, variantId, kind: "sale", delta: null, basis: "estimated" });
    } else if (old.available === false && level.available === true) {
      events.push({ productId, variantId, kind: "restock", delta: null, basis: "estimated" });
    }
  }

  return events;
}
