/**
 * Store-detail benchmark: latency of the analytics (365-day heat graph), inventory summary, one
 * product's inventory and events feed endpoints, through their route handlers with a signed-in session, for a tracked
 * store with 365 days of history and 5,000 products (3 variants each).
 *
 *   npx tsx bench/tracking-analytics.ts [--products=5000] [--events-per-day=300] [--rounds=20]
 *
 * Baseline, measured in the same run: GET /api/shops (one small indexed read through the same
 * wrapper and session check), so the ratios show what the store-detail reads add.
 * Database: a throwaway database on the server of TEST_DATABASE_URL when set, else a throwaway
 * PGlite directory. Figures only, no pass/fail. How well the sales figures match the truth is
 * scored by `npm run bench:sales` (the 30-day simulation against the fake store).
 */

import { provisionBenchDatabase } from "@/testing/test-database";
import { argValue } from "./bench-args";

const PRODUCTS = argValue("products", 5000);
const EVENTS_PER_DAY = argValue("events-per-day", 300);
const ROUNDS = argValue("rounds", 20);
const DAYS = 365;

// A throwaway database: a fresh one on the PostgreSQL server of TEST_DATABASE_URL, else PGlite.
const benchDatabase = await provisionBenchDatabase();
process.env.LOG_LEVEL = "warn";
process.env.BASE_URL = "http://localhost:3000";

const { closeDatabase, getDb, getDatabase } = await import("@/db");
const schema = await import("@/db/schema");
const { prepareDatabase } = await import("@/server/prepare-database");
const { CHANGE_TYPES } = await import("@/lib/analytics/change-types");
const { createTestSession, createTestUser } = await import("@/testing/auth/fixtures");
const { callApi } = await import("@/testing/tracking/api-calls");

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 2000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

  return { p50: at(50), p95: at(95), max: sorted.at(-1) ?? NaN };
}

try {
  await prepareDatabase(getDatabase());
  const db = getDb();
  const now = Date.now();
  const dayMs = 86_400_000;
  const [store] = await db
    .insert(schema.stores)
    .values({ domain: "bench.test", slug: "bench-test", exposesInventory: true, firstAnalyzedAt: new Date(now - DAYS * dayMs) })
    .returning();
  const [job] = await db
    .insert(schema.jobs)
    .values({ storeId: store!.id, domain: "bench.test", slug: "bench-test", status: "running", paymentMethod: "monitor" })
    .returning();
  const { eq } = await import("drizzle-orm");
  await db
    .update(schema.stores)
    .set({ latestJobId: job!.id, lastAnalyzedAt: new Date(now) })
    .where(eq(schema.stores.id, store!.id));

  console.log(`seeding: ${PRODUCTS} products × 3 variants, ${DAYS} days, ${EVENTS_PER_DAY} inventory events/day …`);
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    jobId: job!.id,
    productId: 1000 + i,
    handle: `p-${i}`,
    title: `Product ${i}`,
    data: {},
  }));
  await insertInBatches(products, (batch) => db.insert(schema.snapshotProducts).values(batch));
  const levels = products.flatMap((p) =>
    [0, 1, 2].map((v) => ({
      jobId: job!.id,
      storeId: store!.id,
      productId: p.productId,
      variantId: p.productId * 10 + v,
      quantity: 20,
      available: true,
      recordedAt: new Date(now),
    })),
  );
  await insertInBatches(levels, (batch) => db.insert(schema.inventoryLevels).values(batch));

  // A completed job's snapshot is frozen by the database: complete it once its rows are in.
  await db
    .update(schema.jobs)
    .set({ status: "completed", progress: 1, completedAt: new Date(now) })
    .where(eq(schema.jobs.id, job!.id));

  const days = Array.from({ length: DAYS }, (_, d) => new Date(now - (DAYS - 1 - d) * dayMs));
  await insertInBatches(
    days.flatMap((at) =>
      CHANGE_TYPES.map((type, i) => ({
        storeId: store!.id,
        day: at.toISOString().slice(0, 10),
        type,
        count: (i * 7 + at.getUTCDate()) % 40,
      })),
    ),
    (batch) => db.insert(schema.storeDailyChanges).values(batch),
  );
  await insertInBatches(
    days.map((at) => ({
      storeId: store!.id,
      day: at.toISOString().slice(0, 10),
      jobId: job!.id,
      products: PRODUCTS,
      variants: PRODUCTS * 3,
      availableVariants: PRODUCTS * 2,
      priceMin: 5,
      priceMax: 500,
      priceAvg: 42,
      totalInventory: 60_000,
      at,
    })),
    (batch) => db.insert(schema.storeDailyCatalog).values(batch),
  );
  // One snapshot (job) per day, as the monitor makes them: events belong to the day's job.
  const dayJobs = await db
    .insert(schema.jobs)
    .values(
      days.map((at) => ({
        storeId: store!.id,
        domain: "bench.test",
        slug: "bench-test",
        status: "completed" as const,
        progress: 1,
        createdAt: at,
        completedAt: at,
        paymentMethod: "monitor",
      })),
    )
    .returning({ id: schema.jobs.id });
  const events = days.flatMap((at, d) =>
    Array.from({ length: EVENTS_PER_DAY }, (_, i) => {
      const productId = 1000 + ((d * EVENTS_PER_DAY + i) % PRODUCTS);

      return {
        storeId: store!.id,
        jobId: dayJobs[d]!.id,
        productId,
        variantId: productId * 10 + (i % 3),
        kind: (i % 5 === 0 ? "restock" : "sale") as "sale" | "restock",
        delta: 1 + (i % 4),
        basis: "observed" as const,
        occurredAt: new Date(at.getTime() + i),
      };
    }),
  );
  await insertInBatches(events, (batch) => db.insert(schema.inventoryEvents).values(batch));

  const user = await createTestUser();
  await db.insert(schema.trackedStores).values({ userId: user.id, storeId: store!.id });
  const caller = { cookie: await createTestSession(user.id) };

  const measure = async (label: string, method: string, endpoint: string, query = "", values: Record<string, string> = {}) => {
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS + 2; round++) {
      const started = performance.now();
      const res = await callApi(method, endpoint, caller, { values: { slug: "bench-test", ...values }, query });
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      if (round >= 2) samples.push(performance.now() - started); // two warm-up rounds
    }

    return { label, ...percentiles(samples) };
  };

  const baseline = await measure("GET /api/shops (baseline)", "GET", "/api/shops");
  const results = [
    baseline,
    await measure("analytics (365-day heat graph)", "GET", "/api/store-detail/:slug/analytics"),
    await measure("inventory summary", "GET", "/api/store-detail/:slug/inventory"),
    await measure("inventory of one product (units sold, history)", "GET", "/api/store-detail/:slug/inventory/product/:shopifyId", "", {
      shopifyId: "1000",
    }),
    await measure("inventory events, page 1", "GET", "/api/store-detail/:slug/inventory/events"),
    await measure("inventory events, sales only, page 50", "GET", "/api/store-detail/:slug/inventory/events", "?type=sale&page=50"),
  ];
  console.log(`driver: ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}; ${events.length} inventory events; ${ROUNDS} rounds each`);
  for (const r of results) {
    console.log(
      `${r.label.padEnd(42)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  max ${r.max.toFixed(1).padStart(7)} ms  (${(r.p50 / baseline.p50).toFixed(1)}× baseline)`,
    );
  }
} finally {
  await closeDatabase();
  await benchDatabase.drop();
}
