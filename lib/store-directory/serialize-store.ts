import type { Store } from "@/db/schema";
import { siteUrl } from "@/lib/site-url";
import { agentCapabilitySchema, storeSummarySchema, type AgentCapability, type StoreListItem, type StoreSummary } from "./schemas";

export function storePageUrl(slug: string, base = siteUrl()): string {
  return `${base}/stores/${slug}`;
}

/** What the directory says about a store, from its row: its summary without the address. */
export function storeFactsOf(store: Store): Omit<StoreSummary, "url"> {
  return {
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
  };
}

/** A store's summary from its facts, its address on the site at `base` (a report keeps the one it was built under). */
export function storeSummaryOf(facts: Omit<StoreSummary, "url">, base = siteUrl()): StoreSummary {
  return storeSummarySchema.parse({ ...facts, url: storePageUrl(facts.slug, base) });
}

export function serializeStore(store: Store): StoreSummary {
  return storeSummaryOf(storeFactsOf(store));
}

/** A store as the directory lists it: its summary and the technologies its row keeps (store-technologies.ts). */
export function serializeStoreListItem(store: Store, apps: string[] = []): StoreListItem {
  return {
    ...serializeStore(store),
    tags: store.tagKinds,
    languages: store.languages,
    agent_readiness: store.agentReadiness.filter((value): value is AgentCapability => agentCapabilitySchema.safeParse(value).success),
    theme_slug: store.themeSlug,
    markets: store.markets,
    price_min: store.priceMin,
    price_max: store.priceMax,
    price_median: store.priceMedian,
    first_analyzed_at: store.firstAnalyzedAt?.toISOString() ?? null,
    apps,
  };
}
