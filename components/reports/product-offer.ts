import type { Product } from "@/lib/shopify-reader/schemas";

/**
 * The compare-at ("was") prices of a product's variants that sell below them, lowest and
 * highest, or null when none is on sale. A compare-at price at or under the price is no sale.
 */
export function compareAtRange(product: Product): { min: string; max: string } | null {
  let min: { price: string; value: number } | null = null;
  let max: { price: string; value: number } | null = null;
  for (const variant of product.variants) {
    if (variant.price === null || variant.compareAtPrice === null) continue;
    const value = Number(variant.compareAtPrice);
    if (!Number.isFinite(value) || value <= Number(variant.price)) continue;
    if (!min || value < min.value) min = { price: variant.compareAtPrice, value };
    if (!max || value > max.value) max = { price: variant.compareAtPrice, value };
  }

  return min && max ? { min: min.price, max: max.price } : null;
}

/**
 * Units in stock over the product's variants when the store shows quantities, else null.
 * An oversold variant (below zero) counts as none in stock, not as stock taken away.
 */
export function unitsInStock(product: Product): number | null {
  const known = product.variants.filter((variant) => variant.inventoryQuantity !== null);
  if (known.length === 0) return null;

  return known.reduce((sum, variant) => sum + Math.max(0, variant.inventoryQuantity!), 0);
}
