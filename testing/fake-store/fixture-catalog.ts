// Loads the real captures in ./fixtures and normalizes them into ProductRecord / CollectionRecord.
// Captures mix two shapes (see fixtures/README.md): the /products.json list shape and, for one
// spliced-in product, the /products/<handle>.json single shape (tags as a comma string, no
// `available`). Both become the same record, so the fake store always serves the proper shapes.

import { readFileSync } from "node:fs";
import { createRng, mixSeed } from "./rng";
import type { CollectionRecord, ImageRecord, ProductRecord, VariantRecord } from "./records";
import { toCents } from "./records";

type Raw = Record<string, unknown>;

const cache = new Map<string, unknown>();

function loadJson(file: string): unknown {
  let value = cache.get(file);
  if (value === undefined) {
    value = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), "utf8"));
    cache.set(file, value);
  }
  return value;
}

function list(value: unknown, key: string): Raw[] {
  const items = (value as Raw | null)?.[key];
  if (!Array.isArray(items)) throw new Error(`fixture without "${key}" array`);
  return items as Raw[];
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const strOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

/** Products of the izabeldepaula capture, in capture order (newest first). */
export function izabeldepaulaProducts(snapshot: "2026-06-16" | "2026-06-23", seed: number): ProductRecord[] {
  return list(loadJson(`izabeldepaula-pt.products.${snapshot}.json`), "products").map((p) => normalizeProduct(p, seed));
}

/** The real product of the Laneway `/collections/frontpage/products.json` capture. */
export function lanewayFrontpageProducts(seed: number): ProductRecord[] {
  return list(loadJson("laneway.collections.frontpage.products.json"), "products").map((p) => normalizeProduct(p, seed));
}

/** The 11 real Laneway collections; membership rules are ours (the capture has only counts). */
export function lanewayCollections(frontpageHandles: string[]): CollectionRecord[] {
  return list(loadJson("laneway.collections.json"), "collections").map((c) => {
    const handle = str(c.handle);
    const image = c.image as Raw | null;
    return {
      id: num(c.id),
      title: str(c.title),
      handle,
      description: str(c.description),
      published_at: str(c.published_at),
      updated_at: str(c.updated_at),
      image: image ? { id: num(image.id), created_at: str(image.created_at), src: str(image.src), alt: strOrNull(image.alt) } : null,
      rule: lanewayRule(handle, frontpageHandles),
    };
  });
}

function lanewayRule(handle: string, frontpageHandles: string[]): CollectionRecord["rule"] {
  switch (handle) {
    case "accessories":
      return { productType: "Accessories" };
    case "apparel":
      return { productType: "Apparel" };
    case "drinkware":
      return { productType: "Drinkware" };
    case "all-tees":
      return { tag: "type:tee" };
    case "all-totes":
      return { tag: "type:tote" };
    case "signature":
      return { tag: "tier:signature" };
    case "laneway":
      return { vendor: "Laneway" };
    case "rmit":
      return { vendor: "RMIT" };
    case "southbank-coffee-co":
      return { vendor: "Southbank Coffee Co" };
    case "frontpage":
      return { handles: frontpageHandles };
    default:
      return { all: true };
  }
}

function normalizeProduct(p: Raw, seed: number): ProductRecord {
  const id = num(p.id);
  const tags = Array.isArray(p.tags)
    ? (p.tags as unknown[]).map(str)
    : str(p.tags)
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
  const images = ((p.images as Raw[] | undefined) ?? []).map((img): ImageRecord => ({
    id: num(img.id),
    position: num(img.position),
    created_at: str(img.created_at),
    updated_at: str(img.updated_at),
    alt: strOrNull(img.alt),
    width: num(img.width),
    height: num(img.height),
    src: str(img.src),
    variant_ids: (img.variant_ids as number[] | undefined) ?? [],
  }));
  const variants = (p.variants as Raw[]).map((v): VariantRecord => {
    // The single shape has no `available`; the next week's capture shows that product available.
    const available = typeof v.available === "boolean" ? v.available : true;
    const featured = v.featured_image as Raw | null | undefined;
    return {
      id: num(v.id),
      title: str(v.title),
      option1: strOrNull(v.option1),
      option2: strOrNull(v.option2),
      option3: strOrNull(v.option3),
      sku: strOrNull(v.sku),
      requires_shipping: v.requires_shipping !== false,
      taxable: v.taxable !== false,
      image_id: typeof v.image_id === "number" ? v.image_id : featured ? num(featured.id) : null,
      priceCents: toCents(str(v.price)),
      compareAtCents: typeof v.compare_at_price === "string" ? toCents(v.compare_at_price) : null,
      grams: num(v.grams),
      position: num(v.position),
      created_at: str(v.created_at),
      updated_at: str(v.updated_at),
      barcode: strOrNull(v.barcode) ?? "",
      // Captures carry no stock numbers: invent a seeded level consistent with `available`.
      inventoryQuantity: available ? createRng(mixSeed(seed, num(v.id))).int(3, 60) : 0,
    };
  });
  return {
    id,
    title: str(p.title),
    handle: str(p.handle),
    body_html: str(p.body_html),
    published_at: str(p.published_at),
    created_at: str(p.created_at),
    updated_at: str(p.updated_at),
    vendor: str(p.vendor),
    product_type: str(p.product_type),
    template_suffix: strOrNull(p.template_suffix) ?? "",
    tags,
    options: (p.options as Raw[]).map((o, i) => ({
      id: typeof o.id === "number" ? o.id : mixSeed(id, i) + 90_000_000_000_000,
      name: str(o.name),
      position: num(o.position),
      values: (o.values as unknown[]).map(str),
    })),
    images,
    variants,
  };
}
