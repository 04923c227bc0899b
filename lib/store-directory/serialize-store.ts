import type { Store } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { storeSummarySchema, type StoreSummary } from "./schemas";

/** The public origin, without a trailing slash. */
export const siteUrl = () => getEnv().BASE_URL.replace(/\/$/, "");

export function storePageUrl(slug: string): string {
  return `${siteUrl()}/stores/${slug}`;
}

export function serializeStore(store: Store): StoreSummary {
  return storeSummarySchema.parse({
    slug: store.slug,
    domain: store.domain,
    name: store.name,
    description: store.description,
    country: store.country,
    currency: store.currency,
    theme: store.themeName,
    product_count: store.productCount,
    collection_count: store.collectionCount,
    page_count: store.pageCount,
    last_analyzed_at: store.lastAnalyzedAt?.toISOString() ?? null,
    url: storePageUrl(store.slug),
  });
}
