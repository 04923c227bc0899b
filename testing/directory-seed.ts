/**
 * Analyzed stores written straight to the database, as the pipeline would leave them
 * (store row, completed job, report, snapshot products, detected apps): for tests of the
 * public site that need many stores, big catalogs or dates in the past without scraping.
 */
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, jobs, reports, snapshotProducts, storeApps, stores, technologyEvents, type Store } from "@/db/schema";
import { summarizeProducts } from "@/lib/pipeline/report-content";
import { buildPriceDistribution } from "@/lib/store-directory/price-distribution";
import { storeTechnologiesOf, type StoreTechnologies } from "@/lib/store-directory/store-technologies";
import type { Product, StoreMeta } from "@/lib/shopify-reader/schemas";
import { snapshotProductRow } from "./snapshot-product-row";

/** A store's meta.json as the pipeline reads it, nulls where a store may leave fields out. */
export function sampleStoreMeta(overrides: Partial<StoreMeta> = {}): StoreMeta {
  return {
    id: 1,
    name: "Sample Store",
    description: null,
    currency: "USD",
    country: "SE",
    city: null,
    province: null,
    domain: null,
    myshopifyDomain: null,
    url: null,
    moneyFormat: null,
    shipsToCountries: [],
    publishedProductsCount: null,
    publishedCollectionsCount: null,
    ...overrides,
  };
}

/** A deterministic product: two sizes, a few images, prices that vary with `i`. */
export function sampleProduct(i: number, options: { descriptionBytes?: number } = {}): Product {
  const id = 1_000_000 + i;
  const price = (10 + (i % 90) + 0.99).toFixed(2);
  const pad = options.descriptionBytes ? " ".padEnd(options.descriptionBytes, "lorem ipsum ") : "";

  return {
    id,
    handle: `product-${i}`,
    title: `Product ${i}, "quoted" & <b>bold</b>`,
    vendor: `Vendor ${i % 7}`,
    productType: i % 2 === 0 ? "Shirts" : "Hats",
    tags: ["sample", `batch-${i % 5}`],
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2025-06-01T00:00:00Z",
    publishedAt: i % 11 === 0 ? null : "2025-01-02T00:00:00Z",
    options: [{ name: "Size", values: ["S", "M"] }],
    variants: ["S", "M"].map((size, v) => ({
      id: id * 10 + v,
      title: size,
      sku: `SKU-${i}-${size}`,
      options: [size],
      price: v === 0 ? price : (Number(price) + 5).toFixed(2),
      compareAtPrice: i % 3 === 0 ? (Number(price) + 20).toFixed(2) : null,
      available: (i + v) % 4 !== 0,
      inventoryQuantity: null,
      requiresShipping: true,
      grams: 100 + v * 50,
    })),
    images: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ src: `https://cdn.example.test/p${i}-${k}.jpg`, width: 800, height: 800 })),
    imageCount: 1 + (i % 4),
    priceMin: price,
    priceMax: (Number(price) + 5).toFixed(2),
    available: i % 4 !== 3,
    description: `Description of product ${i}, with a comma and a "quote".${pad}`,
  };
}

export type SeedStoreOptions = {
  domain: string;
  name?: string;
  products?: number | Product[];
  descriptionBytes?: number;
  analyzedAt?: Date;
  firstAnalyzedAt?: Date;
  publishedAt?: Date | null;
  theme?: string | null;
  currency?: string;
  country?: string | null;
  apps?: { slug: string; detectedAt?: Date }[];
  /** The report's metadata (`{}` by default, as a report of no field would be). */
  metadata?: Record<string, unknown>;
  /** What the directory filters by; by default what recordStoreAnalysis would write from `metadata`. */
  technologies?: Partial<StoreTechnologies>;
  /** The first this-many products were gone from the store by the end of the job (a deletion mid-crawl). */
  goneProducts?: number;
};

const INSERT_BATCH = 1000;

/** One analyzed store with its latest completed job; returns the store row and job id. */
export async function seedAnalyzedStore(options: SeedStoreOptions): Promise<{ store: Store; jobId: string }> {
  const db = getDb();
  const analyzedAt = options.analyzedAt ?? new Date();
  const slug = options.domain.replace(/^www\./, "").replace(/\./g, "-");
  const count = typeof options.products === "number" ? options.products : (options.products?.length ?? 0);
  const productAt = (i: number) =>
    Array.isArray(options.products) ? options.products[i]! : sampleProduct(i, { descriptionBytes: options.descriptionBytes });

  const [store] = await db
    .insert(stores)
    .values({ domain: options.domain, slug, name: options.name ?? options.domain, currency: options.currency ?? "USD" })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({ storeId: store!.id, domain: options.domain, slug, status: "running", createdAt: analyzedAt, startedAt: analyzedAt })
    .returning();

  // Summaries are computed batch by batch so a 30,000-product seed never sits in memory whole.
  const priceMins: (string | null)[] = [];
  let variantCount = 0;
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, k) => productAt(start + k));
    await db.insert(snapshotProducts).values(batch.map((product) => snapshotProductRow(job!.id, product)));
    for (const product of batch) {
      priceMins.push(product.priceMin);
      variantCount += product.variants.length;
    }
  }
  const summary = summarizeProducts(count <= 5000 ? Array.from({ length: count }, (_, i) => productAt(i)) : []);
  const median = count <= 5000 ? summary.price_distribution.median : buildPriceDistribution(priceMins).median;
  await db.insert(reports).values({
    jobId: job!.id,
    storeId: store!.id,
    collections: [
      {
        id: 1,
        handle: "all",
        title: "All products",
        description: "",
        publishedAt: null,
        updatedAt: null,
        imageSrc: null,
        productsCount: count,
      },
    ],
    pages: [],
    metadata: options.metadata ?? {},
    summary:
      count <= 5000
        ? summary
        : { ...summary, product_count: count, variant_count: variantCount, price_distribution: buildPriceDistribution(priceMins) },
    createdAt: analyzedAt,
  });
  if (options.goneProducts) {
    const first = db
      .select({ id: snapshotProducts.productId })
      .from(snapshotProducts)
      .where(eq(snapshotProducts.jobId, job!.id))
      .orderBy(snapshotProducts.productId)
      .limit(options.goneProducts);
    await db
      .update(snapshotProducts)
      .set({ goneAt: analyzedAt })
      .where(and(eq(snapshotProducts.jobId, job!.id), inArray(snapshotProducts.productId, first)));
  }
  await db
    .update(jobs)
    .set({ status: "completed", progress: 1, completedAt: analyzedAt, listingComplete: true })
    .where(eq(jobs.id, job!.id));

  for (const app of options.apps ?? []) {
    await db.insert(apps).values({ slug: app.slug, name: app.slug, category: "test" }).onConflictDoNothing();
    await db.insert(storeApps).values({ storeId: store!.id, appSlug: app.slug, jobId: job!.id, detectedAt: app.detectedAt ?? analyzedAt });
  }
  const technologies = { ...storeTechnologiesOf(options.metadata ?? {}), ...options.technologies };
  const [updated] = await db
    .update(stores)
    .set({
      latestJobId: job!.id,
      productCount: count,
      collectionCount: 1,
      pageCount: 0,
      themeName: options.theme ?? null,
      country: options.country ?? null,
      priceMin: summary.price_min === null ? null : Number(summary.price_min),
      priceMax: summary.price_max === null ? null : Number(summary.price_max),
      priceMedian: median,
      firstAnalyzedAt: options.firstAnalyzedAt ?? analyzedAt,
      lastAnalyzedAt: analyzedAt,
      publishedAt: options.publishedAt ?? null,
      tagKinds: technologies.tags,
      languages: technologies.languages,
      markets: technologies.markets,
      agentReadiness: technologies.agent,
    })
    .where(eq(stores.id, store!.id))
    .returning();

  return { store: updated!, jobId: job!.id };
}

/** An app install or removal between two analyses of a store, as recordTechnologyEvents writes it at completion. */
export async function seedAppEvent(options: {
  store: Pick<Store, "id">;
  jobId: string;
  kind: "app_installed" | "app_removed";
  app: string;
  at: Date;
}): Promise<void> {
  await getDb()
    .insert(technologyEvents)
    .values({
      storeId: options.store.id,
      jobId: options.jobId,
      at: options.at,
      previousJobId: options.jobId,
      previousAt: new Date(options.at.getTime() - 86_400_000),
      technology: "app",
      kind: options.kind,
      key: options.app,
      label: options.app,
    });
}
