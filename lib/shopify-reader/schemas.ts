import { z } from "zod";

/**
 * Compact normalized shapes the rest of StoreLens stores and compares. Types are
 * inferred from these schemas; consumers may parse stored JSON back with them.
 */
export const variantSchema = z.object({
  id: z.number(),
  title: z.string(),
  sku: z.string().nullable(),
  options: z.array(z.string()),
  /** Major units, as Shopify's .json serves it ("19.90"); never a float. */
  price: z.string().nullable(),
  compareAtPrice: z.string().nullable(),
  /** Null when the response does not say (single-product shape without inventory fields). */
  available: z.boolean().nullable(),
  /** Only stores created before 2017-12-05 still expose it; null otherwise. */
  inventoryQuantity: z.number().nullable(),
  requiresShipping: z.boolean(),
  grams: z.number().nullable(),
});

export const productImageSchema = z.object({
  src: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

/** What the limits on store content (lib/shopify-reader/store-text-limits.ts) left out of one product. */
export const productCutSchema = z.object({
  variants: z.number().int(),
  images: z.number().int().describe("Past the count, or with a URL too long to keep"),
  tags: z.number().int(),
  options: z.number().int().describe("Options and option values"),
  textFields: z.number().int().describe("Values shortened to their byte limit, or dropped for not fitting one"),
  bytes: z.number().int().describe("UTF-8 bytes of text left out"),
});

export const productSchema = z.object({
  id: z.number(),
  handle: z.string(),
  title: z.string(),
  vendor: z.string().nullable(),
  productType: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(variantSchema),
  /** The first few images only; imageCount has the total. */
  images: z.array(productImageSchema),
  imageCount: z.number(),
  priceMin: z.string().nullable(),
  priceMax: z.string().nullable(),
  /** Any variant available; null when no variant says. */
  available: z.boolean().nullable(),
  /** body_html as plain text, truncated. */
  description: z.string(),
  cut: productCutSchema.optional().describe("What the limits on store content left out of this product; absent when nothing was"),
});

export const storeMetaSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Base currency of the shop (meta.json); the shopper-facing one may differ (cart_currency). */
  currency: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  domain: z.string().nullable(),
  myshopifyDomain: z.string().nullable(),
  url: z.string().nullable(),
  moneyFormat: z.string().nullable(),
  shipsToCountries: z.array(z.string()),
  publishedProductsCount: z.number().nullable(),
  publishedCollectionsCount: z.number().nullable(),
});

export const collectionSchema = z.object({
  id: z.number(),
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  imageSrc: z.string().nullable(),
  productsCount: z.number().nullable(),
});

/** A collection with the ids of its products as read (null when they could not be listed). */
export const reportCollectionSchema = collectionSchema.extend({ productIds: z.array(z.number()).nullable() });

export const pageSchema = z.object({
  id: z.number(),
  handle: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  /** body_html as plain text, truncated. */
  body: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
});

export type Variant = z.infer<typeof variantSchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type ProductCut = z.infer<typeof productCutSchema>;
export type Product = z.infer<typeof productSchema>;
export type StoreMeta = z.infer<typeof storeMetaSchema>;
export type Collection = z.infer<typeof collectionSchema>;
export type Page = z.infer<typeof pageSchema>;
