/**
 * Report page products table: one page read in SQL (listReportProducts) against, as baseline in
 * the same run, what the page did before: read and parse every product of the report, then
 * search, sort (Intl.Collator, natural) and slice in JS.
 *
 *   npm run bench:report-listing -- [--products=30000] [--runs=5]
 *
 * Prints the median time per view (title, price descending, a search, a late page) for both,
 * and their ratio. Database: a throwaway database on the server of TEST_DATABASE_URL when set,
 * else a throwaway PGlite directory. Figures only, no pass/fail.
 */
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const PRODUCTS = argValue("products", 30_000);
const RUNS = argValue("runs", 5);
const SEED_BATCH = 1000;

const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
process.env.BASE_URL = "http://localhost:3000";

const { closeDatabase, getDb, getDatabase } = await import("@/db");
const schema = await import("@/db/schema");
const { prepareDatabase } = await import("@/server/prepare-database");
const { saveSnapshotProducts, loadSnapshotProducts } = await import("@/lib/snapshots/snapshot-products");
const { listReportProducts, productListingQuerySchema, PRODUCTS_PER_PAGE } = await import("@/lib/reports/list-report-products");
const { productSearchText } = await import("@/lib/snapshots/snapshot-listing-columns");
const { sampleProduct } = await import("@/testing/directory-seed");
type Product = ReturnType<typeof sampleProduct>;
type Query = ReturnType<typeof productListingQuerySchema.parse>;

/** The previous in-memory listing, reduced to the sorts measured here. */
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
function listInMemory(products: Product[], query: Query) {
  const needle = query.q.toLowerCase();
  const matching = needle ? products.filter((p) => productSearchText(p).includes(needle)) : products;
  const sign = query.dir === "asc" ? 1 : -1;
  const byTitle = (a: Product, b: Product) => collator.compare(a.title, b.title) || a.id - b.id;
  const price = (p: Product) => Number(query.dir === "asc" ? p.priceMin : p.priceMax);
  const sorted = [...matching].sort(
    query.sort === "price" ? (a, b) => sign * (price(a) - price(b)) || byTitle(a, b) : (a, b) => sign * byTitle(a, b),
  );
  const totalPages = Math.max(1, Math.ceil(sorted.length / PRODUCTS_PER_PAGE));
  const first = (Math.min(query.page, totalPages) - 1) * PRODUCTS_PER_PAGE;

  return sorted.slice(first, first + PRODUCTS_PER_PAGE);
}

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }

  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

try {
  await prepareDatabase(getDatabase());
  const [store] = await getDb().insert(schema.stores).values({ domain: "bench.test", slug: "bench-test" }).returning();
  const [job] = await getDb()
    .insert(schema.jobs)
    .values({ storeId: store!.id, domain: "bench.test", slug: "bench-test", status: "running" })
    .returning();
  for (let start = 0; start < PRODUCTS; start += SEED_BATCH) {
    await saveSnapshotProducts(
      job!.id,
      Array.from({ length: Math.min(SEED_BATCH, PRODUCTS - start) }, (_, k) => sampleProduct(start + k)),
    );
  }
  const sample = sampleProduct(PRODUCTS >> 1);
  const views: [string, Record<string, unknown>][] = [
    ["title, page 1", {}],
    ["price descending, page 1", { sort: "price", dir: "desc" }],
    [`search "${sample.title.slice(0, 12)}"`, { q: sample.title.slice(0, 12) }],
    ["title, last page", { page: 100_000 }],
  ];
  console.log(`report listing, ${PRODUCTS} products, ${getDatabase().kind}, median of ${RUNS} runs`);
  for (const [label, input] of views) {
    const query = productListingQuerySchema.parse(input);
    const sqlMs = await median(() => listReportProducts(job!.id, query));
    const baselineMs = await median(async () => listInMemory(await loadSnapshotProducts(job!.id), query));
    console.log(
      `${label.padEnd(36)} SQL page ${sqlMs.toFixed(1).padStart(8)} ms   baseline (whole catalog) ${baselineMs.toFixed(1).padStart(8)} ms   ${(baselineMs / sqlMs).toFixed(1)}x`,
    );
  }
} finally {
  await closeDatabase();
  await benchDatabase.drop();
}
