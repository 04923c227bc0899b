/**
 * Analyzed stores for chat tests, written the way the pipeline leaves them: a store row, a
 * completed job with its product snapshot and report, detected apps and changelog entries.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, changelogEntries, jobs, reports, snapshotProducts, storeApps, stores, trackedStores } from "@/db/schema";
import { buildMetadata, createProductSummary } from "@/lib/pipeline/report-content";
import type { Product } from "@/lib/shopify-reader/schemas";
import { snapshotProductRow } from "./snapshot-product-row";

export type ChatStoreProduct = { title: string; price: string; description?: string; vendor?: string; available?: boolean };

export type ChatStoreInput = {
  slug: string;
  name: string;
  currency?: string;
  theme?: string;
  products: ChatStoreProduct[];
  apps?: { slug: string; name: string; category: string }[];
  changes?: { subject: "product" | "price"; change: "added" | "removed" | "changed"; title: string }[];
  /** The account that submitted the analysis (its own reports); nobody's when absent. */
  userId?: string;
};

function toProduct(product: ChatStoreProduct, index: number): Product {
  const id = 1000 + index;

  return {
    id,
    handle: product.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    title: product.title,
    vendor: product.vendor ?? "Acme",
    productType: "Goods",
    tags: [],
    createdAt: null,
    updatedAt: null,
    publishedAt: null,
    options: [],
    variants: [
      {
        id: id * 10,
        title: "Default Title",
        sku: null,
        options: [],
        price: product.price,
        compareAtPrice: null,
        available: product.available ?? true,
        inventoryQuantity: null,
        requiresShipping: true,
        grams: null,
      },
    ],
    images: [],
    imageCount: 0,
    priceMin: product.price,
    priceMax: product.price,
    available: product.available ?? true,
    description: product.description ?? "",
  };
}

function storeMeta(input: ChatStoreInput, domain: string) {
  return {
    id: 1,
    name: input.name,
    description: null,
    currency: input.currency ?? "USD",
    country: "US",
    city: null,
    province: null,
    domain,
    myshopifyDomain: null,
    url: `https://${domain}`,
    moneyFormat: null,
    shipsToCountries: ["US"],
    publishedProductsCount: input.products.length,
    publishedCollectionsCount: 0,
  };
}

export async function seedChatStore(input: ChatStoreInput) {
  const db = getDb();
  const domain = `${input.slug.replace(/-/g, ".")}`;
  const products = input.products.map(toProduct);
  const [store] = await db
    .insert(stores)
    .values({
      domain,
      slug: input.slug,
      name: input.name,
      currency: input.currency ?? "USD",
      country: "US",
      themeName: input.theme ?? "Dawn",
      productCount: products.length,
      collectionCount: 2,
      pageCount: 3,
      exposesInventory: false,
      firstAnalyzedAt: new Date("2026-01-01T00:00:00Z"),
      lastAnalyzedAt: new Date("2026-01-02T00:00:00Z"),
    })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({ storeId: store!.id, domain, slug: input.slug, status: "running", userId: input.userId ?? null })
    .returning();
  await db.insert(snapshotProducts).values(products.map((product) => snapshotProductRow(job!.id, product)));
  // Summary and metadata from the pipeline's own builders, so the report has every field its schema requires.
  const summary = createProductSummary();
  summary.add(products);
  await db.insert(reports).values({
    jobId: job!.id,
    storeId: store!.id,
    collections: [],
    pages: [],
    metadata: buildMetadata({
      store: { meta: storeMeta(input, domain), canonicalDomain: domain, cartCurrency: null },
      storefront: null,
      collections: null,
      pages: null,
      listingComplete: true,
      reconciliation: { sitemapRead: false, sitemapProducts: 0, recovered: 0, gone: 0, countedSitemaps: 0 },
      exposesInventory: false,
      productCount: products.length,
      cut: summary.cut(),
    }),
    summary: { ...summary.result(), collection_count: 2, page_count: 3, changes: input.changes?.length ?? 0 },
  });
  for (const app of input.apps ?? []) {
    await db.insert(apps).values(app).onConflictDoNothing();
    await db.insert(storeApps).values({ storeId: store!.id, appSlug: app.slug, jobId: job!.id });
  }
  for (const [index, change] of (input.changes ?? []).entries()) {
    await db.insert(changelogEntries).values({
      jobId: job!.id,
      storeId: store!.id,
      subject: change.subject,
      change: change.change,
      subjectId: String(index + 1),
      title: change.title,
    });
  }
  await db
    .update(jobs)
    .set({ status: "completed", completedAt: new Date("2026-01-02T00:00:00Z"), progress: 1 })
    .where(eq(jobs.id, job!.id));
  await db.update(stores).set({ latestJobId: job!.id }).where(eq(stores.id, store!.id));

  return { storeId: store!.id, jobId: job!.id, slug: input.slug };
}

export async function trackStore(userId: string, storeId: string) {
  await getDb().insert(trackedStores).values({ userId, storeId });
}
