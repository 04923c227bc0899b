import { readFileSync } from "node:fs";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, snapshotProducts, stores } from "@/db/schema";
import type { Product } from "@/lib/shopify-reader/schemas";
import { listReportProducts, productListingQuerySchema } from "./list-report-products";
import { naturalSortKey, snapshotListingColumns } from "../snapshots/snapshot-listing-columns";
import { saveSnapshotProducts } from "../snapshots/snapshot-products";

// The report page's products table, searched, sorted and paged in the database.

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

const variant = (id: number, sku: string) => ({
  id,
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
  product(2, "apple socks", {
    vendor: "Bombas",
    priceMin: "12.00",
    priceMax: "12.00",
    variants: [variant(21, "SOCK-1"), variant(22, "SOCK-2")],
  }),
  product(3, "Tree Dasher", { vendor: null, priceMin: null, priceMax: null }),
  product(4, "Item 10", { priceMin: "9.50", priceMax: "200.00", productType: "Gift card" }),
  product(5, "Item 9", { priceMin: "30.00", priceMax: "30.00", productType: "accessory" }),
  product(6, "100% cotton_tee", { priceMin: "20.00", priceMax: "20.00" }),
];

const query = (input: Record<string, unknown>) => productListingQuerySchema.parse(input);

/** A running job (a completed one's snapshot is frozen) holding `items` as its snapshot. */
async function jobWith(domain: string, items: Product[]): Promise<string> {
  const slug = domain.replaceAll(".", "-");
  const [store] = await getDb().insert(stores).values({ domain, slug }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain, slug, status: "running" }).returning();
  await saveSnapshotProducts(job!.id, items);

  return job!.id;
}

let jobId: string;

beforeAll(async () => {
  jobId = await jobWith("listing.test", products);
});

const ids = async (input: Record<string, unknown>, perPage?: number) =>
  (await listReportProducts(jobId, query(input), perPage)).rows.map((p) => p.id);

describe("productListingQuerySchema", () => {
  it("reads the URL's values, taking the first of repeated ones", () => {
    expect(query({ q: [" socks ", "x"], sort: "price", dir: "desc", page: "3" })).toEqual({
      q: "socks",
      sort: "price",
      dir: "desc",
      page: 3,
    });
  });

  it("falls back to defaults for missing or bad values instead of failing the page", () => {
    expect(query({})).toEqual({ q: "", sort: "title", dir: "asc", page: 1 });
    expect(query({ sort: "sql", dir: "up", page: "-2" })).toEqual({ q: "", sort: "title", dir: "asc", page: 1 });
    expect(query({ q: "x".repeat(201) }).q).toBe("");
  });
});

describe("listReportProducts", () => {
  it("sorts titles naturally and case-insensitively, both ways", async () => {
    const titles = (await listReportProducts(jobId, query({}))).rows.map((p) => p.title);
    expect(titles).toEqual(["100% cotton_tee", "apple socks", "Item 9", "Item 10", "Tree Dasher", "Wool Runner"]);
    expect(await ids({ dir: "desc" })).toEqual([1, 3, 4, 5, 2, 6]);
  });

  it("sorts by lowest price ascending and highest price descending, unknown prices last both ways", async () => {
    expect(await ids({ sort: "price" })).toEqual([4, 2, 6, 5, 1, 3]);
    expect(await ids({ sort: "price", dir: "desc" })).toEqual([4, 1, 5, 6, 2, 3]);
  });

  it("keeps products without a vendor last when sorting by vendor, ties by title", async () => {
    expect(await ids({ sort: "vendor", dir: "desc" })).toEqual([2, 1, 6, 5, 4, 3]);
    expect(await ids({ sort: "vendor" })).toEqual([1, 2, 6, 5, 4, 3]);
  });

  it("sorts by type case-insensitively and by variant count", async () => {
    expect(await ids({ sort: "type" })).toEqual([5, 4, 6, 2, 3, 1]);
    expect(await ids({ sort: "variants", dir: "desc" })).toEqual([2, 6, 5, 4, 3, 1]);
  });

  it("breaks ties by product id, so equal titles keep one order across pages", async () => {
    const twins = await jobWith("twins.test", [product(30, "Same"), product(10, "same"), product(20, "SAME")]);
    const page = async (n: number, dir = "asc") => (await listReportProducts(twins, query({ page: n, dir }), 2)).rows.map((p) => p.id);
    expect([...(await page(1)), ...(await page(2))]).toEqual([10, 20, 30]);
    expect([...(await page(1, "desc")), ...(await page(2, "desc"))]).toEqual([30, 20, 10]);
  });

  it("searches title, vendor, type, handle, tags and SKUs, case-insensitively", async () => {
    expect(await ids({ q: "ALLBIRDS" })).toEqual([1]);
    expect(await ids({ q: "shoes" })).toEqual([1]);
    expect(await ids({ q: "sock-2" })).toEqual([2]);
    expect(await ids({ q: "gift CARD" })).toEqual([4]);
    expect(await ids({ q: "tree-dasher" })).toEqual([3]);
    const none = await listReportProducts(jobId, query({ q: "nothing like this" }));
    expect(none).toMatchObject({ rows: [], total: 0, catalogTotal: 6, page: 1, totalPages: 1 });
  });

  it("takes % and _ in a search literally", async () => {
    expect(await ids({ q: "100%" })).toEqual([6]);
    expect(await ids({ q: "n_t" })).toEqual([6]);
    expect(await ids({ q: "%" })).toEqual([6]);
    expect(await ids({ q: "_" })).toEqual([6]);
    expect(await ids({ q: "\\" })).toEqual([]);
  });

  it("pages, clamping a page past the end to the last one", async () => {
    const second = await listReportProducts(jobId, query({ page: "2" }), 2);
    expect(second).toMatchObject({ total: 6, catalogTotal: 6, page: 2, totalPages: 3, firstIndex: 2 });
    expect(second.rows.map((p) => p.title)).toEqual(["Item 9", "Item 10"]);
    expect(await listReportProducts(jobId, query({ page: "99" }), 2)).toMatchObject({ page: 3, firstIndex: 4 });
  });

  it("reads one page of a large catalog with its totals, searched or not", async () => {
    const catalog = Array.from({ length: 75 }, (_, i) => product(1000 + i, `Thing ${i + 1}`, { tags: i % 3 === 0 ? ["red"] : [] }));
    const big = await jobWith("big.test", catalog);
    const third = await listReportProducts(big, query({ page: 3 }));
    expect(third).toMatchObject({ total: 75, catalogTotal: 75, page: 3, totalPages: 3, firstIndex: 50 });
    expect(third.rows.map((p) => p.title)).toEqual(Array.from({ length: 25 }, (_, i) => `Thing ${i + 51}`));
    const red = await listReportProducts(big, query({ q: "red", page: 2 }));
    expect(red).toMatchObject({ total: 25, catalogTotal: 75, page: 1, totalPages: 1 });
    expect(red.rows).toHaveLength(25);
  });

  it("leaves out products gone by the end of the crawl", async () => {
    const gone = await jobWith("gone.test", [product(1, "Kept"), product(2, "Gone")]);
    await getDb()
      .update(snapshotProducts)
      .set({ goneAt: new Date() })
      .where(and(eq(snapshotProducts.jobId, gone), eq(snapshotProducts.productId, 2)));
    expect(await listReportProducts(gone, query({}))).toMatchObject({ total: 1, catalogTotal: 1, rows: [{ title: "Kept" }] });
  });
});

describe("naturalSortKey", () => {
  it("orders digit runs by value and ignores case and accents", () => {
    const sorted = ["Item 10", "item 9", "Écrin", "ecrin 2", "Item 09b"].sort((a, b) => (naturalSortKey(a) < naturalSortKey(b) ? -1 : 1));
    expect(sorted).toEqual(["Écrin", "ecrin 2", "item 9", "Item 09b", "Item 10"]);
  });
});

describe("migration 0010", () => {
  it("fills the listing columns of snapshots saved before it, completed ones included, as saving does", async () => {
    const [store] = await getDb().insert(stores).values({ domain: "old.test", slug: "old-test" }).returning();
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain: "old.test", slug: "old-test", status: "running" })
      .returning();
    await getDb()
      .insert(snapshotProducts)
      .values(products.map((item) => ({ jobId: job!.id, productId: item.id, handle: item.handle, title: item.title, data: item })));
    await getDb().update(jobs).set({ status: "completed", progress: 1 }).where(eq(jobs.id, job!.id));

    const migration = readFileSync(new URL("../../db/migrations/0010_report_listing_columns.sql", import.meta.url), "utf8");
    const statements = migration.split("--> statement-breakpoint").map((statement) => statement.trim());
    const from = statements.findIndex((statement) => statement.includes("DISABLE TRIGGER"));
    const to = statements.findIndex((statement) => statement.includes("ENABLE TRIGGER"));
    expect(from).toBeGreaterThan(0);
    for (const statement of statements.slice(from, to + 1)) await getDb().execute(sql.raw(statement));

    const rows = await getDb()
      .select()
      .from(snapshotProducts)
      .where(eq(snapshotProducts.jobId, job!.id))
      .orderBy(asc(snapshotProducts.productId));
    const num = (value: string | null) => (value === null ? null : Number(value));
    const fill = (row: (typeof rows)[number]) => ({ ...row, priceMin: num(row.priceMin), priceMax: num(row.priceMax) });
    const saved = (item: Product) => {
      const columns = snapshotListingColumns(item);

      return { ...columns, priceMin: num(columns.priceMin), priceMax: num(columns.priceMax) };
    };
    expect(rows.map(fill)).toEqual(products.map((item) => expect.objectContaining(saved(item))));
    // The frozen-snapshot trigger is back on.
    await expect(getDb().update(snapshotProducts).set({ title: "x" }).where(eq(snapshotProducts.jobId, job!.id))).rejects.toThrow();
  });
});
