import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, reports, snapshotProducts, storeApps, stores } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { productSchema } from "@/lib/shopify/schemas";
import { serializeStore, storePageUrl } from "./serialize-store";

/** Products shown on a store page; the full catalogue is in the report. */
const STORE_PAGE_PRODUCTS = 48;

/** The public store page data: SEO content, products, collections, apps. */
export async function getStorePageOrThrow(slug: string) {
  const [store] = await getDb().select().from(stores).where(eq(stores.slug, slug)).limit(1);
  if (!store?.latestJobId) throw notFound(`Store ${slug}`);

  const [report] = await getDb().select().from(reports).where(eq(reports.jobId, store.latestJobId)).limit(1);
  const productRows = await getDb()
    .select({ data: snapshotProducts.data })
    .from(snapshotProducts)
    .where(eq(snapshotProducts.jobId, store.latestJobId))
    .orderBy(asc(snapshotProducts.title))
    .limit(STORE_PAGE_PRODUCTS);
  const installed = await getDb()
    .select({ slug: apps.slug, name: apps.name, category: apps.category })
    .from(storeApps)
    .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
    .where(eq(storeApps.storeId, store.id))
    .orderBy(asc(apps.name));

  const summary = serializeStore(store);
  const name = store.name ?? store.domain;
  const description =
    store.description ??
    `${name} is a Shopify store with ${store.productCount ?? 0} products${store.themeName ? ` on the ${store.themeName} theme` : ""}.`;

  return {
    store: summary,
    seo: {
      title: `${name} — Shopify store analysis`,
      description: description.slice(0, 300),
      canonical: storePageUrl(store.slug),
      indexable: store.publishedAt !== null,
      json_ld: {
        "@context": "https://schema.org",
        "@type": "OnlineStore",
        name,
        url: `https://${store.domain}`,
        description,
        ...(store.currency ? { currenciesAccepted: store.currency } : {}),
      },
    },
    summary: report?.summary ?? null,
    products: productRows.map((row) => productSchema.parse(row.data)),
    collections: (report?.collections as unknown[] | undefined) ?? [],
    apps: installed,
    latest_job_id: store.latestJobId,
  };
}
