// Response shapes, rendered from records. Key order follows the real captures in ./fixtures so a
// diff against a real response reads naturally.
//  - list shape:   /products.json, /collections/<h>/products.json (tags array, `available`)
//  - single shape: /products/<h>.json (tags comma string, no `available`, extra variant fields)
//  - Ajax shape:   /products/<h>.js (integer prices x100 for every currency)

import {
  formatCents,
  isAvailable,
  type CollectionRecord,
  type ImageRecord,
  type PageRecord,
  type ProductRecord,
  type VariantRecord,
} from "./records";

/** Listings cut long variant lists (reported for 100+ variants); per-product endpoints do not. */
export const LISTING_VARIANT_LIMIT = 100;

export interface ShapeContext {
  exposeInventory: boolean;
  currency: string;
}

function inventoryFields(variant: VariantRecord, ctx: ShapeContext): Record<string, unknown> {
  if (!ctx.exposeInventory) return {};
  return {
    inventory_quantity: variant.inventoryQuantity,
    inventory_management: "shopify",
    old_inventory_quantity: variant.inventoryQuantity,
  };
}

function imageWithProduct(image: ImageRecord, productId: number) {
  return {
    id: image.id,
    product_id: productId,
    position: image.position,
    created_at: image.created_at,
    updated_at: image.updated_at,
    alt: image.alt,
    width: image.width,
    height: image.height,
    src: image.src,
    variant_ids: image.variant_ids,
  };
}

export function listProduct(product: ProductRecord, ctx: ShapeContext) {
  const imageById = new Map(product.images.map((img) => [img.id, img]));
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    body_html: product.body_html,
    published_at: product.published_at,
    created_at: product.created_at,
    updated_at: product.updated_at,
    vendor: product.vendor,
    product_type: product.product_type,
    tags: product.tags,
    variants: product.variants.slice(0, LISTING_VARIANT_LIMIT).map((v) => {
      const featured = v.image_id === null ? undefined : imageById.get(v.image_id);
      return {
        id: v.id,
        title: v.title,
        option1: v.option1,
        option2: v.option2,
        option3: v.option3,
        sku: v.sku,
        requires_shipping: v.requires_shipping,
        taxable: v.taxable,
        featured_image: featured ? imageWithProduct(featured, product.id) : null,
        available: isAvailable(v),
        ...inventoryFields(v, ctx),
        price: formatCents(v.priceCents),
        grams: v.grams,
        compare_at_price: v.compareAtCents === null ? null : formatCents(v.compareAtCents),
        position: v.position,
        product_id: product.id,
        created_at: v.created_at,
        updated_at: v.updated_at,
      };
    }),
    images: product.images.map((img) => ({
      id: img.id,
      created_at: img.created_at,
      position: img.position,
      updated_at: img.updated_at,
      product_id: product.id,
      variant_ids: img.variant_ids,
      src: img.src,
      width: img.width,
      height: img.height,
    })),
    options: product.options.map((o) => ({ name: o.name, position: o.position, values: o.values })),
  };
}

export function singleProduct(product: ProductRecord, ctx: ShapeContext) {
  const images = product.images.map((img) => imageWithProduct(img, product.id));
  return {
    id: product.id,
    title: product.title,
    body_html: product.body_html,
    vendor: product.vendor,
    product_type: product.product_type,
    created_at: product.created_at,
    handle: product.handle,
    updated_at: product.updated_at,
    published_at: product.published_at,
    template_suffix: product.template_suffix,
    published_scope: "global",
    tags: product.tags.join(", "),
    variants: product.variants.map((v) => ({
      id: v.id,
      product_id: product.id,
      title: v.title,
      price: formatCents(v.priceCents),
      sku: v.sku,
      position: v.position,
      compare_at_price: v.compareAtCents === null ? null : formatCents(v.compareAtCents),
      fulfillment_service: "manual",
      inventory_management: "shopify",
      ...inventoryFields(v, ctx),
      option1: v.option1,
      option2: v.option2,
      option3: v.option3,
      created_at: v.created_at,
      updated_at: v.updated_at,
      taxable: v.taxable,
      barcode: v.barcode,
      grams: v.grams,
      image_id: v.image_id,
      weight: v.grams / 1000,
      weight_unit: "kg",
      requires_shipping: v.requires_shipping,
      quantity_rule: { min: 1, max: null, increment: 1 },
      price_currency: ctx.currency,
      compare_at_price_currency: v.compareAtCents === null ? "" : ctx.currency,
      quantity_price_breaks: [],
    })),
    options: product.options.map((o) => ({ id: o.id, product_id: product.id, name: o.name, position: o.position, values: o.values })),
    images,
    image: images[0] ?? null,
  };
}

export function ajaxProduct(product: ProductRecord, ctx: ShapeContext) {
  const prices = product.variants.map((v) => v.priceCents);
  const compares = product.variants.map((v) => v.compareAtCents ?? 0);
  const imageById = new Map(product.images.map((img) => [img.id, img]));
  const priceMin = Math.min(...prices);
  const priceMax = Math.max(...prices);
  const compareMin = Math.min(...compares);
  const compareMax = Math.max(...compares);
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    description: product.body_html,
    published_at: product.published_at,
    created_at: product.created_at,
    vendor: product.vendor,
    type: product.product_type,
    tags: product.tags,
    price: priceMin,
    price_min: priceMin,
    price_max: priceMax,
    available: product.variants.some(isAvailable),
    price_varies: priceMin !== priceMax,
    compare_at_price: compareMin || null,
    compare_at_price_min: compareMin,
    compare_at_price_max: compareMax,
    compare_at_price_varies: compareMin !== compareMax,
    variants: product.variants.map((v) => {
      const options = [v.option1, v.option2, v.option3].filter((o): o is string => o !== null);
      const featured = v.image_id === null ? undefined : imageById.get(v.image_id);
      return {
        id: v.id,
        title: v.title,
        option1: v.option1,
        option2: v.option2,
        option3: v.option3,
        sku: v.sku,
        requires_shipping: v.requires_shipping,
        taxable: v.taxable,
        featured_image: featured ? imageWithProduct(featured, product.id) : null,
        available: isAvailable(v),
        name: v.title === "Default Title" ? product.title : `${product.title} - ${v.title}`,
        public_title: v.title === "Default Title" ? null : v.title,
        options,
        price: v.priceCents,
        weight: v.grams,
        compare_at_price: v.compareAtCents,
        inventory_management: "shopify",
        ...(ctx.exposeInventory ? { inventory_quantity: v.inventoryQuantity, inventory_policy: "deny" } : {}),
        barcode: v.barcode,
        requires_selling_plan: false,
        selling_plan_allocations: [],
        quantity_rule: { min: 1, max: null, increment: 1 },
      };
    }),
    images: product.images.map((img) => img.src),
    featured_image: product.images[0]?.src ?? null,
    options: product.options.map((o) => ({ name: o.name, position: o.position, values: o.values })),
    url: `/products/${product.handle}`,
    requires_selling_plan: false,
    selling_plan_groups: [],
  };
}

export function collectionJson(collection: CollectionRecord, productsCount: number) {
  return {
    id: collection.id,
    title: collection.title,
    handle: collection.handle,
    description: collection.description,
    published_at: collection.published_at,
    updated_at: collection.updated_at,
    image: collection.image,
    products_count: productsCount,
  };
}

export function pageJson(page: PageRecord, shopId: number) {
  return {
    id: page.id,
    title: page.title,
    handle: page.handle,
    body_html: page.body_html,
    author: page.author,
    created_at: page.created_at,
    updated_at: page.updated_at,
    published_at: page.published_at,
    shop_id: shopId,
    template_suffix: page.template_suffix,
  };
}
