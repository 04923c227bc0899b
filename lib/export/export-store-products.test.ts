import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parse } from "csv-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/free-export/route";
import { sampleProduct, seedAnalyzedStore } from "@/testing/directory-seed";

// GET /api/free-export through the real route handler, over stores seeded as the pipeline leaves them.
const BIG = 30_000;
const TEMPLATE_HEADER = readFileSync(new URL("../../testing/fixtures/shopify-product-template.csv", import.meta.url), "utf8")
  .trim()
  .split(",");

// A collectable heap makes "how much is live" measurable: without it, garbage not yet swept counts as used.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const liveHeap = () => {
  collectGarbage();

  return process.memoryUsage().heapUsed;
};

const call = (query: string) => GET(new Request(`http://localhost:3000/api/free-export${query}`), { params: Promise.resolve({}) });

beforeAll(async () => {
  await seedAnalyzedStore({ domain: "big.test", products: BIG, descriptionBytes: 1200, publishedAt: new Date() });
  await seedAnalyzedStore({ domain: "small.test", products: 12, publishedAt: new Date() });
  await seedAnalyzedStore({ domain: "unpublished.test", products: 5, publishedAt: null });
}, 300_000);

describe("GET /api/free-export", () => {
  it(`streams a ${BIG.toLocaleString("en")}-product store as Shopify's import CSV in bounded memory, and it parses back`, async () => {
    const response = await call("?slug=big-test&format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="big-test-products.csv"');

    let bytes = 0;
    let nextSample = 0;
    let peakHeapGrowth = 0;
    const baseline = liveHeap();
    const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
    body.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes < nextSample) return;
      nextSample = bytes + 4_000_000;
      peakHeapGrowth = Math.max(peakHeapGrowth, liveHeap() - baseline);
    });
    const records = body.pipe(parse({ columns: false, relax_column_count: false }));

    let header: string[] | undefined;
    let variantRows = 0;
    let imageRows = 0;
    let current: { index: number; variant: number; image: number } | undefined;
    for await (const record of records as AsyncIterable<string[]>) {
      if (!header) {
        header = record;
        expect(header).toEqual(TEMPLATE_HEADER);
        continue;
      }
      const row = Object.fromEntries(header.map((name, i) => [name, record[i] ?? ""]));
      const index = Number(row.Handle!.replace("product-", ""));
      if (current?.index !== index) {
        current = { index, variant: 0, image: 0 };
        const product = sampleProduct(index);
        // The first row of a product carries the product's own fields.
        expect(row).toMatchObject({
          Title: product.title,
          Vendor: product.vendor,
          Type: product.productType,
          Tags: product.tags.join(", "),
        });
        expect(row.Published).toBe(product.publishedAt === null ? "FALSE" : "TRUE");
        expect(row["Option1 Name"]).toBe("Size");
        expect(row["Body (HTML)"]).toContain("&quot;quote&quot;");
      }
      const product = sampleProduct(index);
      const variant = product.variants[current.variant];
      if (variant) {
        expect({
          option: row["Option1 Value"],
          sku: row["Variant SKU"],
          price: row["Variant Price"],
          compareAt: row["Variant Compare At Price"] || null,
          grams: Number(row["Variant Grams"]),
          shipping: row["Variant Requires Shipping"],
        }).toEqual({
          option: variant.options[0],
          sku: variant.sku,
          price: variant.price,
          compareAt: variant.compareAtPrice,
          grams: variant.grams,
          shipping: "TRUE",
        });
        variantRows += 1;
        current.variant += 1;
      } else {
        expect(row["Variant SKU"]).toBe("");
        imageRows += 1;
      }
      const image = product.images[current.image];
      if (image) {
        expect(row["Image Src"]).toBe(image.src);
        expect(row["Image Position"]).toBe(String(current.image + 1));
        current.image += 1;
      }
    }

    const expectedImageRows = Array.from({ length: BIG }, (_, i) => Math.max(0, sampleProduct(i).images.length - 2)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(variantRows).toBe(BIG * 2);
    expect(imageRows).toBe(expectedImageRows);
    // Built in memory, the file (tens of MB) would sit on the heap at once; streamed, a small part of it does.
    expect(bytes).toBeGreaterThan(40_000_000);
    expect(peakHeapGrowth).toBeLessThan(bytes / 3);
  }, 300_000);

  it("exports JSON with every product of the latest report", async () => {
    const response = await call("?slug=small-test&format=json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="small-test-products.json"');
    const body = (await response.json()) as { store: { slug: string }; products: { id: number; handle: string }[] };
    expect(body.store.slug).toBe("small-test");
    expect(body.products.map((p) => p.handle)).toEqual(Array.from({ length: 12 }, (_, i) => `product-${i}`));
    expect(body.products[3]).toEqual(sampleProduct(3));
  });

  it("exports a store analyzed minutes ago, before any publication", async () => {
    const response = await call("?slug=unpublished-test&format=json");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { store: { slug: string }; products: { handle: string }[] };
    expect(body.store.slug).toBe("unpublished-test");
    expect(body.products.map((p) => p.handle)).toEqual(Array.from({ length: 5 }, (_, i) => `product-${i}`));
  });

  it("answers 404 for an unknown store and 400 for a bad format, with the error body", async () => {
    const unknown = await call("?slug=nope&format=csv");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "not_found" });
    const bad = await call("?slug=small-test&format=xlsx");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request", issues: [expect.objectContaining({ path: "query.format" })] });
    expect((await call("?format=csv")).status).toBe(400);
  });
});
