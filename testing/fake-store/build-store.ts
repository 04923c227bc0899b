// Turns a ShopifyStoreDefinition into the initial catalog, collections and pages.

import { Catalog } from "./catalog";
import { izabeldepaulaProducts, lanewayCollections, lanewayFrontpageProducts } from "./fixture-catalog";
import { ProductGenerator, slugify } from "./generator";
import type { CollectionRecord, PageRecord, ProductRecord } from "./records";
import { offsetForCountry, shopifyTime } from "./time";
import type { ShopifyStoreDefinition } from "./types";

/** Spacing of created_at between consecutive generated products. */
const GENERATED_INTERVAL_MS = 10 * 60_000;
const COLLECTION_ID_BASE = 480_000_000_000;
export const PAGE_ID_BASE = 110_000_000_000;
export const DEFAULT_NOW = "2026-09-30T09:00:00Z";

export interface ResolvedSettings {
  domain: string;
  seed: number;
  name: string;
  currency: string;
  country: string;
  offsetMinutes: number;
  nowMs: number;
}

export interface BuiltStore {
  settings: ResolvedSettings;
  generator: ProductGenerator;
  catalog: Catalog;
  collections: CollectionRecord[];
  pages: PageRecord[];
}

export function buildStore(def: ShopifyStoreDefinition): BuiltStore {
  const source = def.catalog;
  const defaults =
    source.source === "izabeldepaula"
      ? { name: "Izabel de Paula", currency: "EUR", country: "PT" }
      : source.source === "laneway"
        ? { name: "Laneway", currency: "AUD", country: "AU" }
        : { name: `Generated store ${def.domain}`, currency: "EUR", country: "PT" };
  const country = def.country ?? defaults.country;
  const settings: ResolvedSettings = {
    domain: def.domain,
    seed: def.seed ?? 1,
    name: def.name ?? defaults.name,
    currency: def.currency ?? defaults.currency,
    country,
    offsetMinutes: offsetForCountry(country),
    nowMs: Date.parse(def.now ?? DEFAULT_NOW),
  };
  const generator = new ProductGenerator({
    seed: settings.seed,
    offsetMinutes: settings.offsetMinutes,
    hugeVariantsEvery: source.source === "generated" ? (source.hugeVariantsEvery ?? 2500) : 0,
    style: source.source === "izabeldepaula" ? "wellness" : source.source === "laneway" ? "laneway" : "mixed",
    oversized: def.oversized,
  });

  let fixed: ProductRecord[];
  let generatedCount: number;
  if (source.source === "izabeldepaula") {
    // Captures list newest first; slots are oldest first.
    fixed = izabeldepaulaProducts(source.snapshot ?? "2026-06-23", settings.seed).reverse();
    generatedCount = 0;
  } else if (source.source === "laneway") {
    fixed = lanewayFrontpageProducts(settings.seed);
    generatedCount = Math.max(0, (source.products ?? 29) - fixed.length);
  } else {
    fixed = [];
    generatedCount = source.products;
  }
  const baseCount = fixed.length + generatedCount;
  // Fixed at build time: settings.nowMs moves with advance(), generated history must not.
  const startMs = settings.nowMs - (baseCount + 1) * GENERATED_INTERVAL_MS;
  const catalog = new Catalog({
    fixed,
    generatedCount,
    generator,
    createdMsOfSlot: (slot) => startMs + slot * GENERATED_INTERVAL_MS,
  });

  const collections =
    source.source === "laneway"
      ? lanewayCollections(fixed.map((p) => p.handle))
      : source.source === "izabeldepaula"
        ? typeCollections(
            fixed.map((p) => p.product_type),
            [],
            settings,
            fixed.slice(-4).map((p) => p.handle),
          )
        : typeCollections(
            [
              "Kit Emagrecimento",
              "Suplementos Detox",
              "Cosméticos Corpo",
              "Gel Corporal Anti-Celulite",
              "Suplementos Circulação",
              "Apparel",
              "Drinkware",
              "Accessories",
            ],
            ["Laneway", "RMIT", "Southbank Coffee Co"],
            settings,
            catalog.newestFirst(0, 8).map((slot) => catalog.meta(slot).handle),
          );
  return { settings, generator, catalog, collections, pages: defaultPages(def.pages ?? 4, settings) };
}

/**
 * "all", "frontpage", one collection per product type (together they cover every typed product,
 * each well under the 25,000 listing cap for stores up to ~60k products), one per vendor and an
 * empty one (real stores have those; its listing is `{"products":[]}`).
 */
function typeCollections(types: string[], vendors: string[], settings: ResolvedSettings, frontpage: string[]): CollectionRecord[] {
  const published = shopifyTime(settings.nowMs - 400 * 86_400_000, settings.offsetMinutes);
  const make = (title: string, rule: CollectionRecord["rule"], handle = slugify(title)): CollectionRecord => ({
    id: 0,
    title,
    handle,
    description: `<p>${title}</p>`,
    published_at: published,
    updated_at: published,
    image: null,
    rule,
  });
  const list = [
    make("All", { all: true }),
    make("Home page", { handles: frontpage }, "frontpage"),
    ...[...new Set(types)].filter(Boolean).map((type) => make(type, { productType: type })),
    ...vendors.map((vendor) => make(vendor, { vendor })),
    make("Coming soon", { handles: [] }),
  ];
  return list.map((c, i) => ({ ...c, id: COLLECTION_ID_BASE + i + 1 }));
}

const PAGE_TITLES = ["About us", "Contact", "Shipping & Returns", "FAQ", "Privacy policy", "Terms of service", "Size guide", "Stockists"];

export function makePage(id: number, ordinal: number, settings: ResolvedSettings, createdMs: number): PageRecord {
  const base = PAGE_TITLES[ordinal % PAGE_TITLES.length] ?? "Page";
  const title = ordinal < PAGE_TITLES.length ? base : `${base} ${Math.floor(ordinal / PAGE_TITLES.length) + 1}`;
  const time = shopifyTime(createdMs, settings.offsetMinutes);
  return {
    id,
    title,
    handle: slugify(title),
    // The contact page links the store's e-mail and phone, as real ones do (lib/socials reads them).
    body_html:
      title === "Contact"
        ? `<p>${title} — ${settings.name}. Write to <a href="mailto:hello@${slugify(settings.name)}.test">us</a> or call <a href="tel:+1 555 010 0100">+1 555 010 0100</a>.</p>`
        : `<p>${title} — ${settings.name}.</p>`,
    author: settings.name,
    created_at: time,
    updated_at: time,
    published_at: time,
    template_suffix: null,
  };
}

function defaultPages(count: number, settings: ResolvedSettings): PageRecord[] {
  return Array.from({ length: count }, (_, i) =>
    makePage(PAGE_ID_BASE + i + 1, i, settings, settings.nowMs - (count - i) * 30 * 86_400_000),
  );
}
