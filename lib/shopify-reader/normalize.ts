import type { z } from "zod";
import { htmlToText } from "./html-text";
import {
  rawCollectionSchema,
  rawMetaSchema,
  rawPageSchema,
  rawProductSchema,
  type RawCollection,
  type RawMeta,
  type RawPage,
  type RawProduct,
  type RawVariant,
} from "./raw-schemas";
import type { Collection, Page, Product, StoreMeta, Variant } from "./schemas";

export const DESCRIPTION_MAX_CHARS = 500;
export const PAGE_BODY_MAX_CHARS = 2000;
export const MAX_IMAGES_KEPT = 3;

/** Parses raw items one at a time: a malformed one is counted and left out, never fatal. */
function normalizeEach<R, T>(items: readonly unknown[], schema: z.ZodType<R>, normalize: (raw: R) => T): { items: T[]; skipped: number } {
  const normalized: T[] = [];
  let skipped = 0;
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) normalized.push(normalize(parsed.data));
    else skipped += 1;
  }

  return { items: normalized, skipped };
}

export function normalizeProducts(items: readonly unknown[]): { products: Product[]; skipped: number } {
  const { items: products, skipped } = normalizeEach(items, rawProductSchema, normalizeProduct);

  return { products, skipped };
}

export function normalizeProduct(raw: RawProduct): Product {
  const variants = (raw.variants ?? []).map(normalizeVariant);
  const prices = variants
    .map((v) => v.price)
    .filter((p): p is string => p !== null && Number.isFinite(Number(p)))
    .sort((a, b) => Number(a) - Number(b));
  const images = raw.images ?? [];

  return {
    id: raw.id,
    handle: raw.handle,
    title: raw.title,
    vendor: raw.vendor ?? null,
    productType: raw.product_type || null,
    tags: normalizeTags(raw.tags),
    createdAt: raw.created_at ?? null,
    updatedAt: raw.updated_at ?? null,
    publishedAt: raw.published_at ?? null,
    options: (raw.options ?? []).map((o) => ({ name: o.name, values: o.values ?? [] })),
    variants,
    images: images.slice(0, MAX_IMAGES_KEPT).map((i) => ({ src: i.src, width: i.width ?? null, height: i.height ?? null })),
    imageCount: images.length,
    priceMin: prices[0] ?? null,
    priceMax: prices[prices.length - 1] ?? null,
    available: summarizeAvailability(variants),
    description: htmlToText(raw.body_html, DESCRIPTION_MAX_CHARS),
  };
}

function normalizeVariant(raw: RawVariant): Variant {
  const options = [raw.option1, raw.option2, raw.option3].filter((o): o is string => typeof o === "string");

  return {
    id: raw.id,
    title: raw.title ?? (options.join(" / ") || "Default Title"),
    sku: raw.sku || null,
    options,
    price: raw.price,
    compareAtPrice: raw.compare_at_price,
    available: variantAvailability(raw),
    inventoryQuantity: raw.inventory_quantity ?? null,
    requiresShipping: raw.requires_shipping ?? true,
    grams: raw.grams ?? null,
  };
}

/** The single-product shape has no `available`; derive it only where inventory fields allow. */
function variantAvailability(raw: RawVariant): boolean | null {
  if (typeof raw.available === "boolean") {
    return raw.available;
  }
  if (raw.inventory_policy === "continue") {
    return true;
  }
  if (typeof raw.inventory_quantity === "number") {
    return raw.inventory_quantity > 0;
  }

  return null;
}

function summarizeAvailability(variants: readonly Variant[]): boolean | null {
  if (variants.some((v) => v.available === true)) {
    return true;
  }

  return variants.length > 0 && variants.every((v) => v.available === false) ? false : null;
}

function normalizeTags(tags: RawProduct["tags"]): string[] {
  const list = typeof tags === "string" ? tags.split(",") : (tags ?? []);

  return list.map((t) => t.trim()).filter(Boolean);
}

export function parseStoreMeta(json: unknown): StoreMeta | null {
  const parsed = rawMetaSchema.safeParse(json);

  return parsed.success ? normalizeMeta(parsed.data) : null;
}

function normalizeMeta(raw: RawMeta): StoreMeta {
  return {
    id: raw.id,
    name: raw.name,
    description: raw.description ?? null,
    currency: raw.currency ?? null,
    country: raw.country ?? null,
    city: raw.city ?? null,
    province: raw.province ?? null,
    domain: raw.domain ?? null,
    myshopifyDomain: raw.myshopify_domain ?? null,
    url: raw.url ?? null,
    moneyFormat: raw.money_format ?? null,
    shipsToCountries: raw.ships_to_countries ?? [],
    publishedProductsCount: raw.published_products_count ?? null,
    publishedCollectionsCount: raw.published_collections_count ?? null,
  };
}

export function normalizeCollections(items: readonly unknown[]): Collection[] {
  return normalizeEach(items, rawCollectionSchema, normalizeCollection).items;
}

function normalizeCollection(raw: RawCollection): Collection {
  return {
    id: raw.id,
    handle: raw.handle,
    title: raw.title,
    description: htmlToText(raw.description ?? raw.body_html, DESCRIPTION_MAX_CHARS),
    publishedAt: raw.published_at ?? null,
    updatedAt: raw.updated_at ?? null,
    imageSrc: raw.image?.src ?? null,
    productsCount: raw.products_count ?? null,
  };
}

export function normalizePages(items: readonly unknown[]): Page[] {
  return normalizeEach(items, rawPageSchema, normalizePage).items;
}

function normalizePage(raw: RawPage): Page {
  return {
    id: raw.id,
    handle: raw.handle,
    title: raw.title,
    author: raw.author ?? null,
    body: htmlToText(raw.body_html, PAGE_BODY_MAX_CHARS),
    createdAt: raw.created_at ?? null,
    updatedAt: raw.updated_at ?? null,
    publishedAt: raw.published_at ?? null,
  };
}
