import type { Store } from "@/db/schema";
import type { Product } from "@/lib/shopify-reader/schemas";

type StoreJsonLdInput = {
  store: Store;
  name: string;
  description: string;
  canonical: string;
  products: Product[];
  siteUrl: string;
};

/**
 * schema.org graph of a store page: the page itself, its breadcrumb trail, the store, and
 * the products shown on it as an ItemList (each a Product with its offer range).
 */
export function buildStoreJsonLd({ store, name, description, canonical, products, siteUrl }: StoreJsonLdInput) {
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebPage",
        "@id": canonical,
        url: canonical,
        name: `${name} — Shopify store analysis`,
        description,
        ...(store.lastAnalyzedAt ? { dateModified: store.lastAnalyzedAt.toISOString() } : {}),
        breadcrumb: { "@id": `${canonical}#breadcrumb` },
        about: { "@id": `${canonical}#store` },
      },
      {
        "@type": "BreadcrumbList",
        "@id": `${canonical}#breadcrumb`,
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "StoreLens", item: `${siteUrl}/` },
          { "@type": "ListItem", position: 2, name: "Stores", item: `${siteUrl}/stores` },
          { "@type": "ListItem", position: 3, name, item: canonical },
        ],
      },
      {
        "@type": "OnlineStore",
        "@id": `${canonical}#store`,
        name,
        url: `https://${store.domain}`,
        description,
        ...(store.currency ? { currenciesAccepted: store.currency } : {}),
      },
      {
        "@type": "ItemList",
        "@id": `${canonical}#products`,
        name: `Products of ${name}`,
        numberOfItems: store.productCount ?? products.length,
        itemListElement: products.map((product, index) => ({
          "@type": "ListItem",
          position: index + 1,
          item: productJsonLd(product, store),
        })),
      },
    ],
  };
}

function productJsonLd(product: Product, store: Store) {
  const url = `https://${store.domain}/products/${encodeURIComponent(product.handle)}`;
  const offers =
    product.priceMin !== null && store.currency
      ? {
          offers: {
            "@type": "AggregateOffer",
            priceCurrency: store.currency,
            lowPrice: product.priceMin,
            highPrice: product.priceMax ?? product.priceMin,
            offerCount: product.variants.length,
            ...(product.available === null
              ? {}
              : { availability: product.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock" }),
          },
        }
      : {};

  return {
    "@type": "Product",
    name: product.title,
    url,
    ...(product.images[0] ? { image: product.images[0].src } : {}),
    ...(product.vendor ? { brand: { "@type": "Brand", name: product.vendor } } : {}),
    ...offers,
  };
}

/** A JSON-LD object as the text of a <script> element: `<` escaped so a title cannot close the tag. */
export const jsonLdScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
