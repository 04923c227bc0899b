import type { Product } from "@/lib/shopify/schemas";
import type { Reconciliation } from "@/lib/shopify/product-crawl";
import { buildPriceDistribution } from "@/lib/stores/price-distribution";
import type { Artifact } from "./artifacts";

/** How a value came to be: read from the store, computed from what was read, or modelled. */
export type Basis = "observed" | "derived" | "estimated";
export type Labelled<T> = { value: T; basis: Basis };

const observed = <T>(value: T): Labelled<T> => ({ value, basis: "observed" });
const derived = <T>(value: T): Labelled<T> => ({ value, basis: "derived" });

function minMax(prices: string[]): { min: string | null; max: string | null } {
  if (prices.length === 0) return { min: null, max: null };
  const sorted = [...prices].sort((a, b) => Number(a) - Number(b));

  return { min: sorted[0] ?? null, max: sorted[sorted.length - 1] ?? null };
}

/** Derived figures over a product list (all computed from observed product data). */
export function summarizeProducts(products: Product[]) {
  const prices = products.flatMap((p) => p.variants.map((v) => v.price).filter((price): price is string => price !== null));
  const range = minMax(prices);
  const vendors = new Map<string, number>();
  for (const p of products) if (p.vendor) vendors.set(p.vendor, (vendors.get(p.vendor) ?? 0) + 1);

  return {
    product_count: products.length,
    variant_count: products.reduce((n, p) => n + p.variants.length, 0),
    available_product_count: products.filter((p) => p.available === true).length,
    price_min: range.min,
    price_max: range.max,
    top_vendors: [...vendors.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([vendor, count]) => ({ vendor, count })),
    price_distribution: buildPriceDistribution(products.map((p) => p.priceMin)),
  };
}

type MetadataInput = {
  store: Artifact<"store">;
  storefront: Artifact<"storefront"> | null;
  collections: Artifact<"collections"> | null;
  pages: Artifact<"pages"> | null;
  listingComplete: boolean;
  reconciliation: Reconciliation;
  exposesInventory: boolean;
  productCount: number;
};

/** The report's metadata, every field labelled with its basis (DESIGN.md §6). */
export function buildMetadata(input: MetadataInput) {
  const { meta, canonicalDomain, cartCurrency } = input.store;

  return {
    name: observed(meta.name),
    description: observed(meta.description),
    domain: observed(canonicalDomain),
    myshopify_domain: observed(meta.myshopifyDomain),
    country: observed(meta.country),
    city: observed(meta.city),
    base_currency: observed(meta.currency),
    presentment_currency: observed(cartCurrency),
    ships_to_countries: observed(meta.shipsToCountries),
    published_products_count: observed(meta.publishedProductsCount),
    published_collections_count: observed(meta.publishedCollectionsCount),
    products_read: derived(input.productCount),
    listing_complete: derived(input.listingComplete),
    // How completeness was established: the listing checked against the product sitemap.
    completeness: derived({
      basis: input.reconciliation.sitemapRead ? "listing+sitemap" : "listing",
      sitemap_products: input.reconciliation.sitemapProducts,
      recovered: input.reconciliation.recovered,
      gone_during_crawl: input.reconciliation.gone,
    }),
    products_recovered: derived(input.reconciliation.recovered),
    collections_complete: derived(input.collections?.complete ?? false),
    pages_complete: derived(input.pages?.complete ?? false),
    exposes_inventory: derived(input.exposesInventory),
    theme: observed(input.storefront?.theme ?? null),
    // Detection matches our catalogue's patterns against the storefront HTML.
    apps: derived(input.storefront?.apps ?? []),
    storefront_title: observed(input.storefront?.title ?? null),
  };
}
