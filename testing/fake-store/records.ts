// Internal catalog model. One record holds everything any endpoint can show; the response
// shapes (list / single / Ajax) are rendered from it in shapes.ts. Prices are integer minor
// units here so price arithmetic never meets floating point.

export interface ImageRecord {
  id: number;
  position: number;
  created_at: string;
  updated_at: string;
  alt: string | null;
  width: number;
  height: number;
  src: string;
  variant_ids: number[];
}

export interface VariantRecord {
  id: number;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string | null;
  requires_shipping: boolean;
  taxable: boolean;
  /** Id of the variant's own image (rendered as `featured_image` / `image_id`). */
  image_id: number | null;
  priceCents: number;
  compareAtCents: number | null;
  grams: number;
  position: number;
  created_at: string;
  updated_at: string;
  barcode: string | null;
  /** Always tracked; only shown when the store exposes inventory. */
  inventoryQuantity: number;
}

export interface ProductRecord {
  id: number;
  title: string;
  handle: string;
  body_html: string;
  published_at: string;
  created_at: string;
  updated_at: string;
  vendor: string;
  product_type: string;
  template_suffix: string | null;
  tags: string[];
  options: Array<{ id: number; name: string; position: number; values: string[] }>;
  images: ImageRecord[];
  variants: VariantRecord[];
}

/** Light view of a product used for collection membership, sitemaps and handle lookups. */
export interface ProductMeta {
  id: number;
  handle: string;
  updated_at: string;
  vendor: string;
  product_type: string;
  tags: string[];
}

export interface PageRecord {
  id: number;
  title: string;
  handle: string;
  body_html: string;
  author: string;
  created_at: string;
  updated_at: string;
  published_at: string;
  template_suffix: string | null;
}

/** Which products a collection holds. Rules are cheap predicates over ProductMeta. */
export type CollectionRule = { all: true } | { productType: string } | { vendor: string } | { tag: string } | { handles: string[] };

export interface CollectionRecord {
  id: number;
  title: string;
  handle: string;
  description: string;
  published_at: string;
  updated_at: string;
  image: { id: number; created_at: string; src: string; alt: string | null } | null;
  rule: CollectionRule;
}

export function isAvailable(variant: VariantRecord): boolean {
  return variant.inventoryQuantity > 0;
}

export function metaOf(product: ProductRecord): ProductMeta {
  const { id, handle, updated_at, vendor, product_type, tags } = product;
  return { id, handle, updated_at, vendor, product_type, tags };
}

export function matchesRule(rule: CollectionRule, meta: ProductMeta): boolean {
  if ("all" in rule) return true;
  if ("productType" in rule) return meta.product_type === rule.productType;
  if ("vendor" in rule) return meta.vendor === rule.vendor;
  if ("tag" in rule) return meta.tags.includes(rule.tag);
  return rule.handles.includes(meta.handle);
}

/** "17.90" -> 1790. Accepts "5", "5.5", "5.50". */
export function toCents(price: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) throw new Error(`not a price: ${price}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** 1790 -> "17.90" (Shopify's storefront JSON uses major-unit strings with two decimals). */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
