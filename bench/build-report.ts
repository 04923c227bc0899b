/**
 * build-report benchmark: the last step of a job on a big catalog — the changelog against
 * the previous completed snapshot, inventory levels and events, report, daily figures — run
 * while the event loop's delay and the process's RSS are sampled.
 *
 *   npm run bench:build-report -- [--products=30000] [--batch=500]
 *
 * Seeds a previous completed snapshot of N products (built by build-report itself, so its
 * inventory levels exist) and a current one with realistic differences: ~5 % repriced, ~5 %
 * availability flipped, 1 % retitled, 2 % removed, 2 % added. Prints wall time, the longest
 * event-loop stall and the peak RSS growth over the pre-run level, and as baseline in the same
 * run a plain SELECT of the same rows (both snapshots, one query each).
 * Each measured run is a fresh process (so seeding leaves no heap behind in the RSS figures).
 * Database: a throwaway database on the server of TEST_DATABASE_URL when set, else a throwaway
 * PGlite directory. Figures only, no pass/fail.
 */
import { spawnSync } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const PRODUCTS = argValue("products", 30_000);
const BATCH = argValue("batch", 500);
const SEED_BATCH = 1000;
/** Set in the child processes that run one measurement each: "build" or "select", then job ids. */
const MEASURE = process.argv.find((a) => a.startsWith("--measure="))?.slice(10);

const benchDatabase = MEASURE ? { drop: async () => {} } : await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
process.env.BASE_URL = "http://localhost:3000";

const { closeDatabase, getDb, getDatabase } = await import("@/db");
const schema = await import("@/db/schema");
const { and, eq, isNull } = await import("drizzle-orm");
const { prepareDatabase } = await import("@/server/prepare-database");
const { saveArtifact } = await import("@/lib/snapshots/artifacts");
const { buildReport } = await import("@/lib/pipeline/build-report");
const { saveSnapshotProducts } = await import("@/lib/snapshots/snapshot-products");
const { sampleProduct, sampleStoreMeta } = await import("@/testing/directory-seed");
type Product = ReturnType<typeof sampleProduct>;

const crawl = {
  listingComplete: true,
  reconciliation: { sitemapRead: true, sitemapProducts: PRODUCTS, recovered: 0, gone: 0, countedSitemaps: 1 },
};
const meta = sampleStoreMeta({
  name: "Bench Store",
  myshopifyDomain: "bench.myshopify.com",
  shipsToCountries: ["SE"],
  publishedProductsCount: PRODUCTS,
  publishedCollectionsCount: 1,
});

/** The current catalog's product at position i: the previous one with realistic differences. */
function currentProduct(i: number): Product | null {
  if (i % 50 === 7) return null; // 2 % removed
  const p = sampleProduct(i, { descriptionBytes: 800 });
  if (i % 20 === 3) return { ...p, variants: p.variants.map((v) => ({ ...v, price: (Number(v.price) + 2).toFixed(2) })) };
  if (i % 20 === 11) return { ...p, variants: p.variants.map((v) => ({ ...v, available: !v.available })) };
  if (i % 100 === 42) return { ...p, title: `${p.title} (new season)` };

  return p;
}

async function seedJob(storeId: string, productAt: (i: number) => Product | null, count: number): Promise<string> {
  const [job] = await getDb()
    .insert(schema.jobs)
    .values({ storeId, domain: "bench.test", slug: "bench-test", status: "running" })
    .returning();
  for (let start = 0; start < count; start += SEED_BATCH) {
    const batch: Product[] = [];
    for (let i = start; i < Math.min(count, start + SEED_BATCH); i++) {
      const product = productAt(i);
      if (product) batch.push(product);
    }
    await saveSnapshotProducts(job!.id, batch);
  }
  await saveArtifact(job!.id, "store", { meta, canonicalDomain: "bench.test", cartCurrency: null });

  return job!.id;
}

type Figures = { label: string; wallMs: number; maxStallMs: number; rssGrowthMb: number; note: string };

/** Runs `work` while sampling event-loop delay (10 ms resolution) and RSS every 10 ms. */
async function measure(label: string, work: () => Promise<string>): Promise<Figures> {
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const note = await work();
  const wallMs = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());

  return { label, wallMs, maxStallMs: delay.max / 1e6, rssGrowthMb: (peak - before) / 2 ** 20, note };
}

/** One measurement in this (fresh) process; prints its figures as JSON. */
async function runMeasurement(spec: string): Promise<void> {
  const [kind, previousId, currentId] = spec.split(",") as [string, string, string];
  const figures =
    kind === "build"
      ? await measure(`build-report (batch ${BATCH})`, async () => {
          const result = await buildReport(currentId, crawl, { batchSize: BATCH });

          return `${result.products} products, ${result.changes} changes`;
        })
      : await measure("baseline: plain SELECT of both snapshots", async () => {
          let n = 0;
          for (const jobId of [previousId, currentId]) {
            const found = await getDb()
              .select({ data: schema.snapshotProducts.data })
              .from(schema.snapshotProducts)
              .where(and(eq(schema.snapshotProducts.jobId, jobId), isNull(schema.snapshotProducts.goneAt)));
            n += found.length;
          }

          return `${n} rows`;
        });
  console.log(JSON.stringify(figures));
}

/** Seeds both snapshots; returns their job ids. */
async function seed(): Promise<[string, string]> {
  await prepareDatabase(getDatabase());
  const [store] = await getDb().insert(schema.stores).values({ domain: "bench.test", slug: "bench-test" }).returning();
  console.log(`seeding: previous snapshot of ${PRODUCTS} products × 2 variants, current one with differences …`);
  const previousId = await seedJob(store!.id, (i) => sampleProduct(i, { descriptionBytes: 800 }), PRODUCTS);
  await buildReport(previousId, crawl, { batchSize: BATCH });
  // 2 % new products, ids past the previous catalog's.
  const added = Math.round(PRODUCTS * 0.02);
  const currentId = await seedJob(
    store!.id,
    (i) => (i < PRODUCTS ? currentProduct(i) : sampleProduct(i, { descriptionBytes: 800 })),
    PRODUCTS + added,
  );

  return [previousId, currentId];
}

function measureInChild(kind: "select" | "build", ids: [string, string]): Figures {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1]!, `--products=${PRODUCTS}`, `--batch=${BATCH}`, `--measure=${kind},${ids.join(",")}`],
    { env: process.env, encoding: "utf8", maxBuffer: 16 * 2 ** 20 },
  );
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) throw new Error(`measurement ${kind} failed:\n${child.stdout}\n${child.stderr}`);

  return JSON.parse(line) as Figures;
}

try {
  if (MEASURE) {
    await runMeasurement(MEASURE);
  } else {
    const ids = await seed();
    // The child processes open the database themselves (PGlite allows one process at a time).
    await closeDatabase();
    const rows = [measureInChild("select", ids), measureInChild("build", ids)];
    const table = [
      ["run", "wall", "max event-loop stall", "peak RSS growth", "result"],
      ...rows.map((r) => [r.label, `${r.wallMs.toFixed(0)} ms`, `${r.maxStallMs.toFixed(0)} ms`, `${r.rssGrowthMb.toFixed(0)} MB`, r.note]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
    const [select, build] = rows as [Figures, Figures];
    console.log(
      `ratios to the baseline: wall ×${(build.wallMs / select.wallMs).toFixed(1)}, ` +
        `stall ×${(build.maxStallMs / select.maxStallMs).toFixed(1)}, RSS growth ×${(build.rssGrowthMb / Math.max(select.rssGrowthMb, 1)).toFixed(1)}`,
    );
  }
} finally {
  await closeDatabase();
  await benchDatabase.drop();
}
