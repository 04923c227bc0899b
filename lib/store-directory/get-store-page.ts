import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, reports, snapshotProducts, storeApps } from "@/db/schema";
import { offsetOf, paginated } from "@/lib/http/pagination";
import { listPublishedReports } from "@/lib/publishing/report-publication";
import { listJobAudits } from "@/lib/pagespeed/list-job-audits";
import { productSchema } from "@/lib/shopify-reader/schemas";
import { getAnalyzedStore } from "./get-analyzed-store";
import { readReportTheme, readStorefrontFindings } from "./read-storefront-findings";
import { listScreenshotSizes } from "./latest-screenshots";
import { buildStoreJsonLd } from "./json-ld";
import type { PriceDistribution } from "./price-distribution";
import type { StorePageData, StorePageQuery } from "./schemas";
import { siteUrl } from "@/lib/site-url";
import { serializeStore, storePageUrl } from "./serialize-store";

/** Collections listed on the page; the report has them all. */
const STORE_PAGE_COLLECTIONS = 60;

type ReportSummary = {
  product_count?: number;
  variant_count?: number;
  available_product_count?: number;
  price_min?: string | null;
  price_max?: string | null;
  top_vendors?: { vendor: string; count: number }[];
  top_product_types?: { product_type: string; count: number }[];
  price_distribution?: PriceDistribution;
};

type CollectionEntry = { id: number; handle: string; title: string; productsCount: number | null };

/**
 * One page of the latest snapshot's products, in SQL and in primary-key order: a
 * 30,000-product store costs one index range read of `per_page` rows, never the whole
 * catalog. The total comes from the store row the analysis wrote.
 */
async function readProductPage(jobId: string, total: number | null, query: StorePageQuery) {
  const rows = await getDb()
    .select({ data: snapshotProducts.data })
    .from(snapshotProducts)
    .where(and(eq(snapshotProducts.jobId, jobId), isNull(snapshotProducts.goneAt)))
    .orderBy(asc(snapshotProducts.productId))
    .limit(query.per_page)
    .offset(offsetOf(query));
  const count =
    total ??
    (
      await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(snapshotProducts)
        .where(and(eq(snapshotProducts.jobId, jobId), isNull(snapshotProducts.goneAt)))
    )[0]?.n ??
    0;

  return paginated(
    rows.map((row) => productSchema.parse(row.data)),
    query,
    count,
  );
}

/** Collections of the report without their product id lists (which can be huge). */
async function readCollections(jobId: string): Promise<{ total: number; shown: CollectionEntry[] }> {
  const [row] = await getDb()
    .select({
      total: sql<number>`coalesce(jsonb_array_length(${reports.collections}), 0)::int`,
      shown: sql<CollectionEntry[]>`coalesce((
        select jsonb_agg(jsonb_build_object('id', c->'id', 'handle', c->'handle', 'title', c->'title', 'productsCount', c->'productsCount'))
        from (select c from jsonb_array_elements(${reports.collections}) c limit ${STORE_PAGE_COLLECTIONS}) t
      ), '[]'::jsonb)`,
    })
    .from(reports)
    .where(eq(reports.jobId, jobId));

  return { total: row?.total ?? 0, shown: row?.shown ?? [] };
}

/** The public store page: summary, prices, a page of products, collections, theme, apps, PageSpeed, SEO. */
export async function getStorePage(slug: string, query: StorePageQuery = { page: 1, per_page: 24 }): Promise<StorePageData> {
  const store = await getAnalyzedStore(slug);
  const jobId = store.latestJobId;

  const [[report], products, collections, installed, audits, publishedReports, storefront, screenshotSizes, theme] = await Promise.all([
    getDb().select({ summary: reports.summary, createdAt: reports.createdAt }).from(reports).where(eq(reports.jobId, jobId)),
    readProductPage(jobId, store.productCount, query),
    readCollections(jobId),
    getDb()
      .select({ slug: apps.slug, name: apps.name, category: apps.category })
      .from(storeApps)
      .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
      .where(eq(storeApps.storeId, store.id))
      .orderBy(asc(apps.name)),
    listJobAudits(jobId),
    listPublishedReports(store.id),
    readStorefrontFindings(jobId),
    listScreenshotSizes(jobId),
    readReportTheme(jobId),
  ]);
  const screenshotUrl = (size: "desktop" | "phone") =>
    screenshotSizes.has(size) ? `${siteUrl()}/api/reports/${jobId}/screenshots/${size}` : null;

  const summary = (report?.summary ?? {}) as ReportSummary;
  const name = store.name ?? store.domain;
  const description = (
    store.description ??
    `${name} is a Shopify store with ${store.productCount ?? 0} products${store.themeName ? ` on the ${store.themeName} theme` : ""}.`
  ).slice(0, 300);
  const canonical = storePageUrl(store.slug);
  const indexable = store.publishedAt !== null;

  return {
    store: serializeStore(store),
    seo: {
      title: `${name} — Shopify store analysis`,
      description,
      canonical,
      indexable,
      og_image: `${canonical}/opengraph-image`,
      json_ld: buildStoreJsonLd({ store, name, description, canonical, products: products.data, siteUrl: siteUrl() }),
    },
    summary: {
      product_count: summary.product_count ?? store.productCount ?? 0,
      variant_count: summary.variant_count ?? null,
      available_product_count: summary.available_product_count ?? null,
      collection_count: store.collectionCount ?? collections.total,
      page_count: store.pageCount ?? null,
      top_vendors: summary.top_vendors ?? [],
      top_product_types: summary.top_product_types ?? [],
    },
    prices: {
      currency: store.currency,
      min: summary.price_min ?? null,
      max: summary.price_max ?? null,
      median: summary.price_distribution?.median ?? null,
      distribution: summary.price_distribution?.bands ?? [],
    },
    products,
    collections: { total: collections.total, data: collections.shown },
    theme: theme.name ?? store.themeName,
    theme_merchant_name: theme.merchant_name,
    apps: installed,
    storefront,
    pagespeed: audits,
    analyzed_at: store.lastAnalyzedAt?.toISOString() ?? report?.createdAt.toISOString() ?? null,
    first_analyzed_at: store.firstAnalyzedAt?.toISOString() ?? null,
    published_at: store.publishedAt?.toISOString() ?? null,
    latest_job_id: jobId,
    report_url: `${siteUrl()}/reports/${jobId}`,
    screenshots: { desktop: screenshotUrl("desktop"), phone: screenshotUrl("phone") },
    /** The store's reports public as pages (30 days after each completed), newest first. */
    published_reports: publishedReports.map((row) => ({ ...row, url: `${siteUrl()}/reports/${row.job_id}` })),
    // Any analyzed store exports its latest report; publication only decides indexing.
    export_urls: {
      csv: `${siteUrl()}/api/free-export?slug=${encodeURIComponent(store.slug)}&format=csv`,
      json: `${siteUrl()}/api/free-export?slug=${encodeURIComponent(store.slug)}&format=json`,
    },
  };
}

export type { StorePageData };
