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

describe("what a product keeps of a hostile store's answer", () => {
  it("cuts a multi-byte title on a character boundary, keeps Shopify's counts, drops values that are useless once cut, and says what it left out", () => {
    const [product] = normalizeProducts([
      {
        id: 3,
        title: `T${"é".repeat(600_000)}`,
        handle: "huge",
        created_at: "x".repeat(100),
        tags: Array.from({ length: 300 }, (_, i) => `tag-${i}`).join(", "),
        options: Array.from({ length: 5 }, (_, i) => ({ name: `Option ${i}`, values: ["A"] })),
        images: [{ src: `https://cdn.shopify.com/${"a".repeat(5000)}.png` }, { src: "https://cdn.shopify.com/ok.png" }],
        variants: Array.from({ length: 2100 }, (_, i) => ({
          id: 1000 + i,
          price: i === 0 ? "9".repeat(100) : "1.00",
          sku: "S".repeat(2000),
        })),
      },
    ]).products;

    expect(Buffer.byteLength(product!.title)).toBe(1023);
    expect(product!.title).toBe(`T${"é".repeat(511)}`);
    expect(product!.createdAt).toBeNull();
    expect(product!.tags).toHaveLength(250);
    expect(product!.options).toHaveLength(3);
    expect(product!.variants).toHaveLength(2048);
    expect(product!.variants[0]!.price).toBeNull();
    expect(product!.variants[1]!.sku).toHaveLength(1024);
    expect(product!.images).toEqual([{ src: "https://cdn.shopify.com/ok.png", width: null, height: null }]);
    expect(product!.cut).toEqual({
      variants: 52,
      images: 1,
      tags: 50,
      options: 2,
      // The title, the timestamp, one price, the long URL and 2,048 SKUs.
      textFields: 4 + 2048,
      bytes: expect.any(Number) as number,
    });
    expect(product!.cut!.bytes).toBeGreaterThan(1_200_000 - 1023);
    expect(productSchema.safeParse(product).success).toBe(true);
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
