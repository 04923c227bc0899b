// Deterministic product generator. A product is a pure function of (seed, index): nothing is
// kept in memory, so a 50,000-product store costs a few arrays, and any page can be rebuilt on
// demand. The vocabulary, option structures, image sizes/CDN paths and price points are taken
// from the real captures in ./fixtures (izabeldepaula: single-variant wellness products, EUR;
// Laneway: Color x Size apparel, drinkware, accessories, AUD).

import { createRng, mixSeed, type Rng } from "./rng";
import { inflateProduct, isOversized } from "./oversized";
import type { ImageRecord, ProductMeta, ProductRecord, VariantRecord } from "./records";
import type { OversizedProducts } from "./types";
import { shopifyTime } from "./time";

// Id ranges sit above the real fixture ids, so products added to a fixture store get larger
// ids than the captured ones (Shopify ids grow with creation time; sitemaps rely on it).
const PRODUCT_ID_BASE = 11_000_000_000_000;
const VARIANT_ID_BASE = 60_000_000_000_000;
const IMAGE_ID_BASE = 75_000_000_000_000;
const OPTION_ID_BASE = 80_000_000_000_000;
const MAX_VARIANTS = 4096;
const MAX_IMAGES = 64;

type Shape = "wellness" | "apparel" | "drinkware" | "accessory" | "huge";

const WELLNESS = {
  vendor: "Izabel de Paula",
  types: ["Kit Emagrecimento", "Suplementos Detox", "Cosméticos Corpo", "Gel Corporal Anti-Celulite", "Suplementos Circulação"],
  names: [
    "Barriga Fit Depur",
    "Kit Seca Barriga®️",
    "Creme Barriga Fit®️",
    "Gel Leg Fit Express",
    "Body Cream Sublime Lush®️",
    "Leg Fit Pernas Leves®",
    "Barriga Fit Detox Líquido®",
    "Kit Stop Gordura®️",
  ],
  claims: ["Detox Fígado Natural", "Reduz gordura abdominal", "Melhora a circulação", "Firmeza e Hidratação", "Queima Gordura + Drenagem"],
  tags: ["detox", "emagrecimento", "queima-gordura", "suplemento-natural", "celulite", "firmeza", "pernas-leves", "kit"],
  prices: [500, 2600, 3500, 3800, 4900, 6100, 11000, 13990],
  cdn: "https://cdn.shopify.com/s/files/1/0754/0699/9819/files",
  imageSizes: [
    [1254, 1254],
    [1024, 1024],
    [810, 810],
    [1080, 1080],
    [1200, 1600],
  ],
} as const;

const LANEWAY = {
  vendors: ["Laneway", "RMIT", "Southbank Coffee Co"],
  garments: ["Essential Tee", "Everyday Tee", "Heavyweight Hoodie", "Crew Sweat", "Signature Tee"],
  drinkware: ["Keep Cup", "Enamel Mug", "Travel Tumbler", "Espresso Cup"],
  accessories: ["Canvas Tote", "A5 Notebook", "Cap", "Lanyard"],
  adjectives: ["Classic", "Campus", "Signature", "Everyday", "Heritage", "New Season"],
  colors: ["Navy", "White", "Black"],
  sizes: ["XS", "S", "M", "L", "XL"],
  cupSizes: ["8oz", "12oz", "16oz"],
  hugeColors: ["Navy", "White", "Black", "Grey", "Red", "Green", "Sand", "Olive", "Rust", "Sky", "Pink", "Teal"],
  hugeSizes: ["3XS", "2XS", "XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL"],
  prices: [1495, 2495, 3995, 4995, 6995, 8995],
  tags: ["season:2026s1", "tier:mid", "tier:signature"],
  cdn: "https://cdn.shopify.com/s/files/1/0806/5571/2515/files",
  imageSizes: [
    [1334, 1335],
    [1365, 2048],
  ],
} as const;

export interface GeneratorOptions {
  seed: number;
  /** Shop UTC offset for timestamps. */
  offsetMinutes: number;
  /** Every n-th product (n, 2n, ...) gets 120 variants, more than listings show. 0 = never. */
  hugeVariantsEvery: number;
  /** Which real shape family to draw from. */
  style: "mixed" | "wellness" | "laneway";
  /** Products grown past Shopify's limits (oversized.ts). */
  oversized?: OversizedProducts;
}

export function productIdForIndex(index: number): number {
  return PRODUCT_ID_BASE + index * 1000;
}

export function indexFromProductId(productId: number): number | null {
  const offset = productId - PRODUCT_ID_BASE;
  return offset >= 0 && offset % 1000 === 0 ? offset / 1000 : null;
}

export function indexFromVariantId(variantId: number): number | null {
  const offset = variantId - VARIANT_ID_BASE;
  return offset > 0 ? Math.floor(offset / MAX_VARIANTS) : null;
}

/** Inverse of the "-<index>" suffix every generated handle carries. */
export function indexFromGeneratedHandle(handle: string): number | null {
  const match = /-(\d+)$/.exec(handle);
  return match ? Number(match[1]) : null;
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

interface Core {
  rng: Rng;
  shape: Shape;
  meta: ProductMeta;
  title: string;
  createdMs: number;
  updatedMs: number;
}

export class ProductGenerator {
  constructor(private readonly options: GeneratorOptions) {}

  /** Cheap view for collection membership, sitemaps and handle lookups. */
  meta(index: number, createdMs: number): ProductMeta {
    return this.core(index, createdMs).meta;
  }

  product(index: number, createdMs: number): ProductRecord {
    const core = this.core(index, createdMs);
    const { rng, shape, meta } = core;
    const created = this.time(core.createdMs);
    const updated = this.time(core.updatedMs);
    const optionAxes = this.optionAxes(shape);
    const images = this.images(index, shape, rng, created, updated);
    const basePrice = rng.pick(shape === "wellness" ? WELLNESS.prices : LANEWAY.prices);
    const onSale = rng.chance(0.3);
    const variants = cartesian(optionAxes.map((axis) => axis.values)).map((combo, i): VariantRecord => {
      const position = i + 1;
      const soldOut = rng.chance(0.15);
      return {
        id: VARIANT_ID_BASE + index * MAX_VARIANTS + position,
        title: combo.join(" / "),
        option1: combo[0] ?? null,
        option2: combo[1] ?? null,
        option3: combo[2] ?? null,
        sku: shape === "wellness" ? null : `${slugify(core.title).slice(0, 12).toUpperCase()}-${index}-${position}`,
        requires_shipping: true,
        taxable: true,
        image_id: null,
        priceCents: basePrice,
        compareAtCents: onSale ? basePrice + 1000 : null,
        grams: shape === "wellness" ? rng.pick([0, 65, 400, 500]) : 0,
        position,
        created_at: created,
        updated_at: updated,
        barcode: "",
        inventoryQuantity: soldOut ? 0 : rng.int(1, 60),
      };
    });
    const product: ProductRecord = {
      id: meta.id,
      title: core.title,
      handle: meta.handle,
      body_html: this.bodyHtml(core.title, shape),
      published_at: created,
      created_at: created,
      updated_at: updated,
      vendor: meta.vendor,
      product_type: meta.product_type,
      template_suffix: "",
      tags: meta.tags,
      options: optionAxes.map((axis, i) => ({
        id: OPTION_ID_BASE + index * 4 + i + 1,
        name: axis.name,
        position: i + 1,
        values: [...axis.values],
      })),
      images,
      variants,
    };
    const oversized = this.options.oversized;

    return isOversized(index, oversized) ? inflateProduct(product, index, oversized) : product;
  }

  private core(index: number, createdMs: number): Core {
    const rng = createRng(mixSeed(this.options.seed, index));
    const shape = this.shape(index, rng);
    let title: string;
    let vendor: string;
    let productType: string;
    let tags: string[];
    if (shape === "wellness") {
      // Large real catalogs rarely repeat a title exactly: a series number keeps them apart.
      title = `${rng.pick(WELLNESS.names)} - ${rng.pick(WELLNESS.claims)} Nº ${index + 1}`;
      vendor = WELLNESS.vendor;
      productType = rng.pick(WELLNESS.types);
      tags = pickSome(rng, WELLNESS.tags, 3);
    } else {
      vendor = rng.pick(LANEWAY.vendors);
      const noun =
        shape === "drinkware"
          ? rng.pick(LANEWAY.drinkware)
          : shape === "accessory"
            ? rng.pick(LANEWAY.accessories)
            : rng.pick(LANEWAY.garments);
      title = `${vendor} ${rng.pick(LANEWAY.adjectives)} ${noun} #${index + 1}`;
      productType = shape === "drinkware" ? "Drinkware" : shape === "accessory" ? "Accessories" : "Apparel";
      tags = [rng.pick(LANEWAY.tags), `type:${slugify(noun.split(" ").at(-1) ?? noun)}`];
    }
    const updatedMs = createdMs + rng.int(0, 72) * 3_600_000;
    const meta: ProductMeta = {
      id: productIdForIndex(index),
      handle: `${slugify(title)}-${index}`,
      updated_at: this.time(updatedMs),
      vendor,
      product_type: productType,
      tags,
    };
    return { rng, shape, meta, title, createdMs, updatedMs };
  }

  private shape(index: number, rng: Rng): Shape {
    const every = this.options.hugeVariantsEvery;
    // Drawn unconditionally so the random sequence does not depend on the huge-variant setting.
    const roll = rng.next();
    if (every > 0 && (index + 1) % every === 0) return "huge";
    if (this.options.style === "wellness") return "wellness";
    const laneway: Shape = roll < 0.6 ? "apparel" : roll < 0.8 ? "drinkware" : "accessory";
    if (this.options.style === "laneway") return laneway;
    return roll < 0.35 ? "wellness" : laneway;
  }

  private optionAxes(shape: Shape): Array<{ name: string; values: readonly string[] }> {
    switch (shape) {
      case "wellness":
      case "accessory":
        return [{ name: "Title", values: ["Default Title"] }];
      case "apparel":
        return [
          { name: "Color", values: LANEWAY.colors },
          { name: "Size", values: LANEWAY.sizes },
        ];
      case "drinkware":
        return [{ name: "Size", values: LANEWAY.cupSizes }];
      case "huge":
        return [
          { name: "Color", values: LANEWAY.hugeColors },
          { name: "Size", values: LANEWAY.hugeSizes },
        ];
    }
  }

  private images(index: number, shape: Shape, rng: Rng, created: string, updated: string): ImageRecord[] {
    const wellness = shape === "wellness";
    const count = rng.int(wellness ? 0 : 1, wellness ? 5 : 3);
    const images: ImageRecord[] = [];
    for (let position = 1; position <= Math.min(count, MAX_IMAGES); position++) {
      const [width, height] = rng.pick<readonly [number, number]>(wellness ? WELLNESS.imageSizes : LANEWAY.imageSizes);
      const file = wellness ? `IZB-${index}-${position}.png` : `Laneway-${index}-${position}.webp`;
      images.push({
        id: IMAGE_ID_BASE + index * MAX_IMAGES + position,
        position,
        created_at: created,
        updated_at: updated,
        alt: null,
        width,
        height,
        src: `${wellness ? WELLNESS.cdn : LANEWAY.cdn}/${file}?v=${1_780_000_000 + index}`,
        variant_ids: [],
      });
    }
    return images;
  }

  private bodyHtml(title: string, shape: Shape): string {
    if (shape === "wellness") {
      return `<h2>${title}</h2>\n<p>Fórmula natural. Envio para toda a Europa. Portes grátis em compras acima de €50.</p>`;
    }
    return `<p><strong>IN THE RANGE</strong><br>${title} — a dependable piece you reach for without thinking.</p>\n<p><strong>DETAILS</strong><br>• 100% cotton</p>`;
  }

  private time(epochMs: number): string {
    return shopifyTime(epochMs, this.options.offsetMinutes);
  }
}

function pickSome(rng: Rng, items: readonly string[], count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(rng.pick(items));
  return [...chosen].sort();
}

function cartesian(axes: ReadonlyArray<readonly string[]>): string[][] {
  return axes.reduce<string[][]>((combos, values) => combos.flatMap((combo) => values.map((v) => [...combo, v])), [[]]);
}
