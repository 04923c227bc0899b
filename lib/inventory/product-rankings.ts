import type { UnitsSold } from "./sales-velocity";

/** Rows per list of the tracked store's product table. */
export const PRODUCT_LIST_LENGTH = 10;

/** Products by units sold, best guess first, then the higher end of the range, then id (a stable order). */
export function rankBestSellers(products: Map<number, UnitsSold>, limit = PRODUCT_LIST_LENGTH): [number, UnitsSold][] {
  return [...products]
    .filter(([, u]) => (u.value ?? 0) > 0)
    .sort(([a, x], [b, y]) => (y.value ?? 0) - (x.value ?? 0) || y.range.high - x.range.high || a - b)
    .slice(0, limit);
}

export type VariantLevel = { productId: number; quantity: number | null };
export type LowStock = {
  /** Products whose variants show quantities, all at 0. */
  sold_out: number;
  /** Products still in stock, fewest units first: [id, units, variants counted]. */
  products: { product_id: number; units: number; variants: number }[];
};

/**
 * Low stock at one snapshot: each product's units summed over the variants that show a
 * quantity, the products still in stock with the fewest first. Sold-out products are counted
 * apart: a store with hundreds of them would otherwise fill the list with nothing to act on.
 * Products whose quantities are all hidden are left out (their stock is unknown, not low).
 */
export function rankLowStock(levels: VariantLevel[], limit = PRODUCT_LIST_LENGTH): LowStock {
  const byProduct = new Map<number, { units: number; variants: number }>();
  for (const level of levels) {
    if (level.quantity === null) continue;
    const product = byProduct.get(level.productId) ?? { units: 0, variants: 0 };
    // A negative quantity (oversold, or not tracked) holds nothing on the shelf.
    product.units += Math.max(0, level.quantity);
    product.variants++;
    byProduct.set(level.productId, product);
  }
  const all = [...byProduct].map(([product_id, p]) => ({ product_id, ...p }));

  return {
    sold_out: all.filter((p) => p.units === 0).length,
    products: all
      .filter((p) => p.units > 0)
      .sort((a, b) => a.units - b.units || a.product_id - b.product_id)
      .slice(0, limit),
  };
}

export type ListedProduct = { productId: number; title: string; publishedAt: string | null; createdAt: string | null };

const timeOf = (iso: string | null) => {
  const t = iso ? Date.parse(iso) : NaN;

  return Number.isNaN(t) ? null : t;
};

/**
 * The newest products by the date the store gives (published, else created), latest first;
 * products without a readable date come last, newest id first (Shopify ids grow over time).
 */
export function rankNewest(
  products: ListedProduct[],
  limit = PRODUCT_LIST_LENGTH,
): { product_id: number; title: string; published_at: string | null }[] {
  return products
    .map((p) => ({ p, at: timeOf(p.publishedAt) ?? timeOf(p.createdAt) }))
    .sort((a, b) => (b.at ?? -Infinity) - (a.at ?? -Infinity) || b.p.productId - a.p.productId)
    .slice(0, limit)
    .map(({ p, at }) => ({ product_id: p.productId, title: p.title, published_at: at === null ? null : new Date(at).toISOString() }));
}
