import { z } from "zod";

/**
 * Raw storefront JSON as Shopify serves it. Deliberately tolerant: the list shape
 * (/products.json) and the single shape (/products/<h>.json: tags as a comma string,
 * no `available`) both parse; optional keys may be missing or null; unknown keys are
 * dropped. What Shopify serves: docs/decisions.md §13.1; real captures in testing/fake-store/fixtures.
 */
const text = z.string().nullish();
const count = z.number().int().nullish();
/** `.json` prices are major-unit strings; accept numbers too rather than drop a product. */
const price = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : String(v)));

export const rawVariantSchema = z.object({
  id: z.number(),
  title: text,
  option1: text,
  option2: text,
  option3: text,
  sku: text,
  requires_shipping: z.boolean().nullish(),
  available: z.boolean().nullish(),
  price,
  compare_at_price: price,
  grams: z.number().nullish(),
  inventory_quantity: z.number().nullish(),
  inventory_management: text,
  inventory_policy: text,
});

export const rawImageSchema = z.object({
  src: z.string(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});

export const rawOptionSchema = z.object({
  name: z.string(),
  position: z.number().nullish(),
  values: z.array(z.string()).nullish(),
});

export const rawProductSchema = z.object({
  id: z.number(),
  title: z.string(),
  handle: z.string(),
  body_html: text,
  published_at: text,
  created_at: text,
  updated_at: text,
  vendor: text,
  product_type: text,
  tags: z.union([z.array(z.string()), z.string()]).nullish(),
  variants: z.array(rawVariantSchema).nullish(),
  images: z.array(rawImageSchema).nullish(),
  options: z.array(rawOptionSchema).nullish(),
});

/** The envelope only; products are parsed one by one so one odd product cannot sink a page. */
export const rawProductListSchema = z.object({ products: z.array(z.unknown()) });
export const rawSingleProductSchema = z.object({ product: z.unknown() });

export const rawMetaSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: text,
  province: text,
  country: text,
  currency: text,
  domain: text,
  url: text,
  myshopify_domain: text,
  description: text,
  ships_to_countries: z.array(z.string()).nullish(),
  money_format: text,
  published_collections_count: count,
  published_products_count: count,
});

export const rawCollectionSchema = z.object({
  id: z.number(),
  title: z.string(),
  handle: z.string(),
  description: text,
  body_html: text,
  published_at: text,
  updated_at: text,
  image: z.object({ src: z.string(), alt: text }).nullish(),
  products_count: count,
});

export const rawCollectionListSchema = z.object({ collections: z.array(z.unknown()) });

export const rawPageSchema = z.object({
  id: z.number(),
  title: z.string(),
  handle: z.string(),
  body_html: text,
  author: text,
  created_at: text,
  updated_at: text,
  published_at: text,
});

export const rawPageListSchema = z.object({ pages: z.array(z.unknown()) });

export type RawVariant = z.infer<typeof rawVariantSchema>;
export type RawProduct = z.infer<typeof rawProductSchema>;
export type RawMeta = z.infer<typeof rawMetaSchema>;
export type RawCollection = z.infer<typeof rawCollectionSchema>;
export type RawPage = z.infer<typeof rawPageSchema>;
