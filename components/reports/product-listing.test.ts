import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/shopify/schemas";
import { listReportProducts, productListingQuerySchema, productListingSearch } from "./product-listing";

function product(id: number, title: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    handle: title.toLowerCase().replace(/\s+/g, "-"),
    title,
    vendor: null,
    productType: null,
    tags: [],
    createdAt: null,
    updatedAt: null,
    publishedAt: null,
    options: [],
    variants: [],
    images: [],
    imageCount: 0,
    priceMin: null,
    priceMax: null,
    available: null,
    description: "",
    ...extra,
  };
}

const variant = (sku: string) => ({
  id: Math.floor(Math.random() * 1e9),
  title: "Default",
  sku,
  options: [],
  price: "1.00",
  compareAtPrice: null,
  available: true,
  inventoryQuantity: null,
  requiresShipping: true,
  grams: null,
});

const products = [
  product(1, "Wool Runner", { vendor: "Allbirds", priceMin: "95.00", priceMax: "110.00", tags: ["shoes"] }),
  product(2, "apple socks", { vendor: "Bombas", priceMin: "12.00", priceMax: "12.00", variants: [variant("SOCK-1"), variant("SOCK-2")] }),
  product(3, "Tree Dasher", { vendor: null, priceMin: null, priceMax: null }),
  product(4, "Item 10", { priceMin: "9.50", priceMax: "200.00" }),
  product(5, "Item 9", { priceMin: "30.00", priceMax: "30.00" }),
];

const query = (input: Record<string, unknown>) => productListingQuerySchema.parse(input);

describe("productListingQuerySchema", () => {
  it("reads the URL's values, taking the first of repeated ones", () => {
    expect(query({ q: [" socks ", "x"], sort: "price", dir: "desc", page: "3" })).toEqual({ q: "socks", sort: "price", dir: "desc", page: 3 });
  });

  it("falls back to defaults for missing or bad values instead of failing the page", () => {
    expect(query({})).toEqual({ q: "", sort: "title", dir: "asc", page: 1 });
    expect(query({ sort: "sql", dir: "up", page: "-2" })).toEqual({ q: "", sort: "title", dir: "asc", page: 1 });
  });
});

describe("listReportProducts", () => {
  it("sorts titles naturally and case-insensitively", () => {
    const titles = listReportProducts(products, query({})).rows.map((p) => p.title);
    expect(titles).toEqual(["apple socks", "Item 9", "Item 10", "Tree Dasher", "Wool Runner"]);
  });

  it("sorts by lowest price ascending and highest price descending, unknown prices last both ways", () => {
    expect(listReportProducts(products, query({ sort: "price" })).rows.map((p) => p.id)).toEqual([4, 2, 5, 1, 3]);
    expect(listReportProducts(products, query({ sort: "price", dir: "desc" })).rows.map((p) => p.id)).toEqual([4, 1, 5, 2, 3]);
  });

  it("keeps products without a vendor last when sorting by vendor", () => {
    const ids = listReportProducts(products, query({ sort: "vendor", dir: "desc" })).rows.map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual([2, 1]);
    expect(ids.slice(2)).toEqual([5, 4, 3]);
  });

  it("searches title, vendor, tags and SKUs, case-insensitively", () => {
    expect(listReportProducts(products, query({ q: "ALLBIRDS" })).rows.map((p) => p.id)).toEqual([1]);
    expect(listReportProducts(products, query({ q: "shoes" })).rows.map((p) => p.id)).toEqual([1]);
    expect(listReportProducts(products, query({ q: "sock-2" })).rows.map((p) => p.id)).toEqual([2]);
    const none = listReportProducts(products, query({ q: "nothing like this" }));
    expect(none).toMatchObject({ rows: [], total: 0, catalogueTotal: 5, page: 1, totalPages: 1 });
  });

  it("pages, clamping a page past the end to the last one", () => {
    const second = listReportProducts(products, query({ page: "2" }), 2);
    expect(second).toMatchObject({ total: 5, page: 2, totalPages: 3, firstIndex: 2 });
    expect(second.rows.map((p) => p.title)).toEqual(["Item 10", "Tree Dasher"]);
    expect(listReportProducts(products, query({ page: "99" }), 2)).toMatchObject({ page: 3, firstIndex: 4 });
  });
});

describe("productListingSearch", () => {
  it("leaves defaults out of the URL", () => {
    const state = query({ q: "socks", sort: "price", page: "4" });
    expect(productListingSearch(state, { page: 1 })).toBe("?q=socks&sort=price");
    expect(productListingSearch(query({}), {})).toBe("");
  });
});
