import { listApps } from "@/lib/apps/app-directory";
import { listBlogPosts } from "@/lib/blog/list-blog-posts";
import { findSampleReport } from "@/lib/sample-report/find-sample-report";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresQuerySchema } from "@/lib/store-directory/schemas";

/** What the home page shows of the directory: recent stores, the most-installed apps, the latest posts, and the sample report. */
export async function getHomeDirectory() {
  const [stores, apps, posts, sample] = await Promise.all([
    listStores(listStoresQuerySchema.parse({ per_page: 6 })),
    listApps({}),
    listBlogPosts({ page: 1, per_page: 3 }),
    findSampleReport(),
  ]);

  return {
    recentStores: stores.data,
    storeCount: stores.pagination.total,
    popularApps: apps.data.filter((app) => app.stores > 0).slice(0, 8),
    latestPosts: posts.data,
    /** The bundled sample report (lib/sample-report), null until the first start has built it. */
    sample,
  };
}

/** schema.org WebSite with the directory search as its SearchAction (sitelinks search box). */
export function buildWebsiteJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    url: `${siteUrl}/`,
    name: "StoreLens",
    description: "Shopify store analysis: products, collections, theme, apps and PageSpeed of any store, and a public directory.",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/stores?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}
