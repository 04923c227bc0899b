import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text";
import { DESCRIPTION_MAX_CHARS, MAX_IMAGES_KEPT, normalizeCollections, normalizeProducts, parseStoreMeta } from "./normalize";
import { productSchema } from "./schemas";

// Real storefront captures, committed beside the fake store that serves them (their sources: its README).
const FIXTURES = new URL("../../testing/fake-store/fixtures/", import.meta.url);
const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8")) as Record<string, unknown[]>;

describe("normalizeProducts on real captures", () => {
  const { products, skipped } = normalizeProducts(readJson("izabeldepaula-pt.products.2026-06-16.json").products ?? []);

  it("parses every product of both shapes into the normalized schema", () => {
    expect(skipped).toBe(0);
    expect(products).toHaveLength(22);
    for (const product of products) {
      expect(productSchema.parse(product)).toEqual(product);
    }
  });

  it("reads the list shape: tags array, string prices, availability", () => {
    const pen = products.find((p) => p.handle === "caneta-personalizada-izabel-de-paula");
    expect(pen).toMatchObject({
      tags: ["acessório", "brinde", "caneta", "Izabel de Paula", "personalizada"],
      priceMin: "5.00",
      priceMax: "5.00",
      available: false,
      images: [],
      imageCount: 0,
    });
    expect(pen?.variants[0]).toMatchObject({ price: "5.00", sku: null, available: false, inventoryQuantity: null });
    expect(pen?.description.startsWith("Apresentamos a Caneta Personalizada Izabel de Paula — um acessório")).toBe(true);
    expect(pen?.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
  });

  it("reads the single-product shape: comma-string tags and no `available`", () => {
    const kit = products.find((p) => p.handle === "kit-seca-barriga");
    expect(kit?.tags).toContain("seca-barriga");
    expect(kit?.tags).toHaveLength(10);
    expect(kit?.variants[0]?.available).toBeNull();
    expect(kit?.available).toBeNull();
  });

  it("keeps multi-variant options and at most a few images", () => {
    const frontpage = readJson("laneway.collections.frontpage.products.json");
    const [tee] = normalizeProducts(frontpage.products ?? []).products;
    expect(tee?.variants).toHaveLength(15);
    expect(tee?.variants[0]?.options.length).toBe(2);
    expect(tee?.options.map((o) => o.name)).toEqual(expect.arrayContaining(["Color", "Size"]));
    expect(tee?.images.length).toBeLessThanOrEqual(MAX_IMAGES_KEPT);
  });

  it("skips a malformed product instead of failing the page", () => {
    const result = normalizeProducts([{ id: "x" }, { id: 1, title: "T", handle: "t" }]);
    expect(result.skipped).toBe(1);
    expect(result.products[0]).toMatchObject({ id: 1, variants: [], priceMin: null, available: null, tags: [] });
  });

  it("derives availability from exposed inventory when `available` is missing", () => {
    const [product] = normalizeProducts([
      {
        id: 2,
        title: "Inv",
        handle: "inv",
        variants: [
          { id: 20, price: "3.50", inventory_quantity: 0, inventory_management: "shopify", inventory_policy: "deny" },
          { id: 21, price: "12.00", inventory_quantity: 4, inventory_management: "shopify" },
        ],
      },
    ]).products;
    expect(product?.variants.map((v) => [v.available, v.inventoryQuantity])).toEqual([
      [false, 0],
      [true, 4],
    ]);
    // Numeric, not lexicographic: "12.00" > "3.50".
    expect([product?.priceMin, product?.priceMax]).toEqual(["3.50", "12.00"]);
  });
});

describe("collections and meta", () => {
  it("normalizes the real collections.json capture", () => {
    const collections = normalizeCollections(readJson("laneway.collections.json").collections ?? []);
    expect(collections).toHaveLength(11);
    expect(collections.map((c) => c.handle)).toContain("frontpage");
    expect(collections.every((c) => typeof c.productsCount === "number")).toBe(true);
  });

  it("parses meta.json tolerantly and refuses non-meta JSON", () => {
    expect(parseStoreMeta({ id: 1, name: "Shop", currency: "SEK", published_products_count: 12 })).toMatchObject({
      id: 1,
      currency: "SEK",
      publishedProductsCount: 12,
      myshopifyDomain: null,
      shipsToCountries: [],
    });
    expect(parseStoreMeta({ products: [] })).toBeNull();
  });
});

describe("htmlToText", () => {
  it("drops tags, scripts and entities, and truncates on a word boundary", () => {
    expect(htmlToText("<p>A&nbsp;&amp;&#233;&#x4e2d;</p><script>x()</script><b>b</b>", 100)).toBe("A &é中 b");
    const long = htmlToText(`<p>${"word ".repeat(200)}</p>`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith("word…")).toBe(true);
  });
});
