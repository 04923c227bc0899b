import type { Product } from "@/lib/shopify-reader/schemas";

/** Width digit runs are padded to; a longer run (rare: an id in a title) keeps its length. */
const DIGIT_WIDTH = 20;

/**
 * A key whose byte order is the natural, case- and accent-insensitive order of `text`
 * ("Item 2" before "Item 10"), so PostgreSQL and PGlite sort it alike without ICU.
 */
export function naturalSortKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\d+/g, (run) => run.padStart(DIGIT_WIDTH, "0"));
}

/** Numeric column value of a price string, or null when it is not a number. */
function priceValue(value: string | null): string | null {
  if (value === null) return null;
  const number = Number(value);

  return Number.isFinite(number) ? String(number) : null;
}

/** Everything the report page searches, lowercased, one field per line. */
export function productSearchText(product: Product): string {
  return [product.title, product.handle, product.vendor, product.productType, ...product.tags, ...product.variants.map((v) => v.sku)]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
}

/** The snapshot_products columns the report listing sorts and searches on, taken from a product. */
export function snapshotListingColumns(product: Product) {
  return {
    titleKey: naturalSortKey(product.title),
    vendorKey: product.vendor ? naturalSortKey(product.vendor) : null,
    typeKey: product.productType ? naturalSortKey(product.productType) : null,
    priceMin: priceValue(product.priceMin),
    priceMax: priceValue(product.priceMax),
    variantCount: product.variants.length,
    searchText: productSearchText(product),
  };
}
