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
import {
  anythingCut,
  cutText,
  fitOrDrop,
  keepFirst,
  MAX_IMAGES_PER_PRODUCT,
  META_DESCRIPTION_MAX_BYTES,
  MAX_OPTION_VALUES,
  MAX_OPTIONS_PER_PRODUCT,
  MAX_SHIPS_TO_COUNTRIES,
  MAX_TAGS_PER_PRODUCT,
  MAX_VARIANTS_PER_PRODUCT,
  NOTHING_CUT,
  PRICE_MAX_BYTES,
  SHORT_TEXT_MAX_BYTES,
  TIMESTAMP_MAX_BYTES,
  URL_MAX_BYTES,
  VARIANT_TITLE_MAX_BYTES,
  type ContentCut,
} from "./store-text-limits";

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

/** A product as StoreLens keeps it: every text and list within store-text-limits.ts, what was cut in `cut`. */
export function normalizeProduct(raw: RawProduct): Product {
  const cut: ContentCut = { ...NOTHING_CUT };
  const variants = keepFirst(raw.variants ?? [], MAX_VARIANTS_PER_PRODUCT, cut, "variants").map((v) => normalizeVariant(v, cut));
  const prices = variants
    .map((v) => v.price)
    .filter((p): p is string => p !== null && Number.isFinite(Number(p)))
    .sort((a, b) => Number(a) - Number(b));
  const images = keepFirst(raw.images ?? [], MAX_IMAGES_PER_PRODUCT, cut, "images");
  const kept = images.slice(0, MAX_IMAGES_KEPT).flatMap((i) => {
    // A shortened URL points nowhere: an image whose src does not fit is left out.
    const src = fitOrDrop(i.src, URL_MAX_BYTES, cut);
    if (src === null) cut.images += 1;

    return src === null ? [] : [{ src, width: i.width ?? null, height: i.height ?? null }];
  });
  const product: Product = {
    id: raw.id,
    handle: cutText(raw.handle, SHORT_TEXT_MAX_BYTES, cut),
    title: cutText(raw.title, SHORT_TEXT_MAX_BYTES, cut),
    vendor: shortText(raw.vendor, cut),
    productType: shortText(raw.product_type, cut) || null,
    tags: normalizeTags(raw.tags, cut),
    createdAt: timestamp(raw.created_at, cut),
    updatedAt: timestamp(raw.updated_at, cut),
    publishedAt: timestamp(raw.published_at, cut),
    options: normalizeOptions(raw.options ?? [], cut),
    variants,
    images: kept,
    imageCount: images.length,
    priceMin: prices[0] ?? null,
    priceMax: prices[prices.length - 1] ?? null,
    available: summarizeAvailability(variants),
    description: htmlToText(raw.body_html, DESCRIPTION_MAX_CHARS),
  };

  return anythingCut(cut) ? { ...product, cut } : product;
}

function shortText(value: string | null | undefined, cut: ContentCut): string | null {
  return value === null || value === undefined ? null : cutText(value, SHORT_TEXT_MAX_BYTES, cut);
}

function timestamp(value: string | null | undefined, cut: ContentCut): string | null {
  return fitOrDrop(value ?? null, TIMESTAMP_MAX_BYTES, cut);
}

function normalizeOptions(options: NonNullable<RawProduct["options"]>, cut: ContentCut): Product["options"] {
  return keepFirst(options, MAX_OPTIONS_PER_PRODUCT, cut, "options").map((o) => ({
    name: cutText(o.name, SHORT_TEXT_MAX_BYTES, cut),
    values: keepFirst(o.values ?? [], MAX_OPTION_VALUES, cut, "options", byteLength).map((value) =>
      cutText(value, SHORT_TEXT_MAX_BYTES, cut),
    ),
  }));
}

function normalizeVariant(raw: RawVariant, cut: ContentCut): Variant {
  const options = [raw.option1, raw.option2, raw.option3]
    .filter((o): o is string => typeof o === "string")
    .map((o) => cutText(o, SHORT_TEXT_MAX_BYTES, cut));

  return {
    id: raw.id,
    title: cutText(raw.title ?? (options.join(" / ") || "Default Title"), VARIANT_TITLE_MAX_BYTES, cut),
    sku: raw.sku ? cutText(raw.sku, SHORT_TEXT_MAX_BYTES, cut) : null,
    options,
    price: fitOrDrop(raw.price, PRICE_MAX_BYTES, cut),
    compareAtPrice: fitOrDrop(raw.compare_at_price, PRICE_MAX_BYTES, cut),
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

function normalizeTags(tags: RawProduct["tags"], cut: ContentCut): string[] {
  const list = (typeof tags === "string" ? tags.split(",") : (tags ?? [])).map((t) => t.trim()).filter(Boolean);

  return keepFirst(list, MAX_TAGS_PER_PRODUCT, cut, "tags", byteLength).map((t) => cutText(t, SHORT_TEXT_MAX_BYTES, cut));
}

const byteLength = (text: string) => Buffer.byteLength(text);

export function parseStoreMeta(json: unknown): StoreMeta | null {
  const parsed = rawMetaSchema.safeParse(json);

  return parsed.success ? normalizeMeta(parsed.data) : null;
}

// Meta, collections and pages are bounded like products; what is cut of them is not itemised in
// the report (a store has one meta and few collections and pages next to its products).

function normalizeMeta(raw: RawMeta): StoreMeta {
  const cut: ContentCut = { ...NOTHING_CUT };

  return {
    id: raw.id,
    name: cutText(raw.name, SHORT_TEXT_MAX_BYTES, cut),
    description: raw.description ? cutText(raw.description, META_DESCRIPTION_MAX_BYTES, cut) : null,
    currency: shortText(raw.currency, cut),
    country: shortText(raw.country, cut),
    city: shortText(raw.city, cut),
    province: shortText(raw.province, cut),
    domain: shortText(raw.domain, cut),
    myshopifyDomain: shortText(raw.myshopify_domain, cut),
    url: fitOrDrop(raw.url ?? null, URL_MAX_BYTES, cut),
    moneyFormat: shortText(raw.money_format, cut),
    shipsToCountries: keepFirst(raw.ships_to_countries ?? [], MAX_SHIPS_TO_COUNTRIES, cut, "tags").map((c) =>
      cutText(c, SHORT_TEXT_MAX_BYTES, cut),
    ),
    publishedProductsCount: raw.published_products_count ?? null,
    publishedCollectionsCount: raw.published_collections_count ?? null,
  };
}

export function normalizeCollections(items: readonly unknown[]): Collection[] {
  return normalizeEach(items, rawCollectionSchema, normalizeCollection).items;
}

function normalizeCollection(raw: RawCollection): Collection {
  const cut: ContentCut = { ...NOTHING_CUT };

  return {
    id: raw.id,
    handle: cutText(raw.handle, SHORT_TEXT_MAX_BYTES, cut),
    title: cutText(raw.title, SHORT_TEXT_MAX_BYTES, cut),
    description: htmlToText(raw.description ?? raw.body_html, DESCRIPTION_MAX_CHARS),
    publishedAt: timestamp(raw.published_at, cut),
    updatedAt: timestamp(raw.updated_at, cut),
    imageSrc: fitOrDrop(raw.image?.src ?? null, URL_MAX_BYTES, cut),
    productsCount: raw.products_count ?? null,
  };
}

export function normalizePages(items: readonly unknown[]): Page[] {
  return normalizeEach(items, rawPageSchema, normalizePage).items;
}

function normalizePage(raw: RawPage): Page {
  const cut: ContentCut = { ...NOTHING_CUT };

  return {
    id: raw.id,
    handle: cutText(raw.handle, SHORT_TEXT_MAX_BYTES, cut),
    title: cutText(raw.title, SHORT_TEXT_MAX_BYTES, cut),
    author: shortText(raw.author, cut),
    body: htmlToText(raw.body_html, PAGE_BODY_MAX_CHARS),
    createdAt: timestamp(raw.created_at, cut),
    updatedAt: timestamp(raw.updated_at, cut),
    publishedAt: timestamp(raw.published_at, cut),
  };
}
