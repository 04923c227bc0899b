import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A list of short values, empty until written. */
const textList = () =>
  text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** One row per analyzed store; the public directory reads from here. */
export const stores = pgTable(
  "stores",
  {
    id: uuid().primaryKey().defaultRandom(),
    domain: text().notNull(),
    slug: text().notNull(),
    name: text(),
    description: text(),
    currency: text(),
    country: text(),
    /**
     * The shop's permanent `*.myshopify.com` host, stored only once Shopify confirmed it (never
     * just because the store's meta.json says so); unique, so one identity names one store.
     */
    myshopifyDomain: text(),
    themeName: text(),
    /**
     * The theme's name as the directory and /themes/<slug> name it ("Dawn" → "dawn"), derived by
     * the database so every writer of theme_name keeps it and the theme filter is one index lookup.
     */
    themeSlug: text().generatedAlwaysAs(sql`nullif(trim(both '-' from regexp_replace(lower(theme_name), '[^a-z0-9]+', '-', 'g')), '')`),
    productCount: integer(),
    collectionCount: integer(),
    pageCount: integer(),
    /** Whether variants of this store expose inventory_quantity (most stores since 2017 do not). */
    exposesInventory: boolean(),
    /**
     * The latest report's lowest and highest variant price and the median of its products' lowest
     * prices, in the store's currency (major units): the directory's price filter and sort.
     */
    priceMin: doublePrecision(),
    priceMax: doublePrecision(),
    priceMedian: doublePrecision(),
    firstAnalyzedAt: timestamp({ withTimezone: true }),
    lastAnalyzedAt: timestamp({ withTimezone: true }),
    /** Latest completed job: the store page and the directory read its report. */
    latestJobId: uuid(),
    publishedAt: timestamp({ withTimezone: true }),
    /**
     * What the latest analysis found the store running and serving, for the directory's filters
     * (lib/store-directory/store-technologies.ts): marketing tag kinds, base language codes,
     * ships-to countries, and the agent endpoints that answered. Empty before an analysis found any.
     */
    tagKinds: textList(),
    languages: textList(),
    markets: textList(),
    agentReadiness: textList(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.domain),
    uniqueIndex().on(t.slug),
    uniqueIndex().on(t.myshopifyDomain),
    index().on(t.publishedAt),
    index().on(t.lastAnalyzedAt),
    // The directory's segment filters and sorts (lib/store-directory/list-stores.ts).
    index().on(t.firstAnalyzedAt),
    index().on(t.productCount),
    index().on(t.priceMedian),
    index().on(t.themeSlug),
    index().on(t.country),
    index().on(t.currency),
    index().using("gin", t.tagKinds),
    index().using("gin", t.languages),
    index().using("gin", t.markets),
    index().using("gin", t.agentReadiness),
  ],
);

export type Store = typeof stores.$inferSelect;
