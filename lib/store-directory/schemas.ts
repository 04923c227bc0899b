import { z } from "zod";
import { storePageFindingsShape } from "@/lib/findings";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";
import { pageSpeedAuditSchema } from "@/lib/pagespeed/schemas";
import { productSchema } from "@/lib/shopify-reader/schemas";

/** The agent-facing endpoints a store can answer on, as the directory filters by them. */
export const AGENT_CAPABILITIES = ["storefront_mcp", "ucp", "llms_txt"] as const;
export const agentCapabilitySchema = z.enum(AGENT_CAPABILITIES);
export type AgentCapability = z.infer<typeof agentCapabilitySchema>;

/** The most values one list filter takes (apps, tags, languages …): a segment stays a few index lookups. */
export const MAX_FILTER_VALUES = 10;
/** Deepest page of a segment: offsets past it cost the database more than any reader needs (10,000 stores at 50 a page). */
export const MAX_DIRECTORY_PAGE = 200;
/** Longest window of the installed/removed filters, in days. */
export const MAX_WITHIN_DAYS = 365;

/**
 * A filter taking several values: comma-separated in the address (`app=klaviyo,judge-me`), each
 * value matching `item` (a regular expression's source, anchored here), at most MAX_FILTER_VALUES,
 * duplicates dropped. A lone value is the same filter as before lists were taken (`app=klaviyo`).
 * One pattern over the whole list, so OpenAPI and MCP show callers exactly what is taken.
 */
function valueList(item: string, letterCase: "lower" | "upper", what: string) {
  const pattern = new RegExp(`^(?:${item})(?:,(?:${item})){0,${MAX_FILTER_VALUES - 1}}$`);
  const text = z.string().max(2_000).trim();

  // The parsed value stays the (normalized) list text, so parsing it again (a tool call parsed by
  // the MCP SDK, then by the tool) takes it as it is; filterValues splits it.
  return (letterCase === "lower" ? text.toLowerCase() : text.toUpperCase())
    .regex(pattern, `at most ${MAX_FILTER_VALUES} ${what}, comma-separated, each ${ITEM_WORDS[what] ?? "a slug"}`)
    .optional();
}

/** The values of a list filter of the query, each once, in the order given; none when it is not set. */
export function filterValues<T extends string = string>(list: string | undefined): T[] {
  return list ? ([...new Set(list.split(","))] as T[]) : [];
}

const ITEM_WORDS: Record<string, string> = {
  apps: "an app slug (lower-case letters, digits and hyphens)",
  themes: "a theme slug (dawn, prestige)",
  "tag kinds": "a tag kind (lower-case letters, digits and hyphens)",
  languages: "a two- or three-letter language code",
  countries: "a two-letter country code",
  markets: "a two-letter country code",
  currencies: "a three-letter currency code",
  "agent endpoints": "storefront_mcp, ucp or llms_txt",
};

const SLUG = "[a-z0-9][a-z0-9-]{0,99}";
const TAG_KIND = "[a-z0-9][a-z0-9-]{0,59}";
const LANGUAGE = "[a-z]{2,3}";
const COUNTRY = "[A-Z]{2}";
const CURRENCY = "[A-Z]{3}";
const AGENT = AGENT_CAPABILITIES.join("|");
const dayCount = z.coerce.number().int().min(1).max(MAX_WITHIN_DAYS);
const productCountBound = z.coerce.number().int().min(0).max(10_000_000);
const priceBound = z.coerce.number().min(0).max(1_000_000_000);
const day = z.iso.date("a date as YYYY-MM-DD");

/** How the directory may order a segment; ties by slug, stores without the figure last. */
export const DIRECTORY_SORTS = ["recent", "first_analyzed", "products", "products_asc", "price", "price_asc", "name"] as const;

/**
 * A segment of the directory: every filter of `GET /api/stores`, the /stores page, MCP's
 * `search_stores` and the chat's `find_stores`, all combinable (each narrows the others). Lists
 * are comma-separated. One schema, so the four take the same filters and refuse the same mistakes.
 */
export const listStoresQuerySchema = paginationQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(MAX_DIRECTORY_PAGE).default(1),
  q: z.string().trim().max(200).optional(),
  country: valueList(COUNTRY, "upper", "countries").describe("Countries the store is based in (its meta.json), any of: `country=DE,AT`"),
  currency: valueList(CURRENCY, "upper", "currencies").describe("Currencies the store sells in, any of: `currency=EUR,CHF`"),
  app: valueList(SLUG, "lower", "apps").describe("Apps its latest analysis found, all of: `app=klaviyo,judge-me` (slugs of GET /api/apps)"),
  app_any: valueList(SLUG, "lower", "apps").describe("Apps its latest analysis found, any of"),
  app_none: valueList(SLUG, "lower", "apps").describe("Apps its latest analysis did not find, none of"),
  installed: valueList(SLUG, "lower", "apps").describe(
    "Apps an analysis saw the store install within the last `within_days` days (from its technology timeline), any of",
  ),
  removed: valueList(SLUG, "lower", "apps").describe("Apps an analysis saw the store remove within the last `within_days` days, any of"),
  within_days: dayCount.default(30).describe(`The window of \`installed\` and \`removed\`, in days (1–${MAX_WITHIN_DAYS}, default 30)`),
  theme: valueList(SLUG, "lower", "themes").describe("Themes by slug (`dawn`, `prestige`: GET /api/themes/:slug), any of"),
  tag: valueList(TAG_KIND, "lower", "tag kinds").describe(
    "Marketing tag or pixel kinds the store's pages carry (google-analytics-4, meta-pixel, tiktok-pixel…), all of",
  ),
  language: valueList(LANGUAGE, "lower", "languages").describe(
    "Languages the storefront offers (its locale or an hreflang alternate), all of: `fr` matches fr, fr-CA, fr-BE…",
  ),
  market: valueList(COUNTRY, "upper", "markets").describe("ISO 3166-1 alpha-2 countries the store ships to, all of"),
  agent: valueList(AGENT, "lower", "agent endpoints").describe(
    "Agent endpoints the store answered on (storefront_mcp, ucp, llms_txt), all of",
  ),
  products_min: productCountBound.optional().describe("At least this many products in its latest analysis"),
  products_max: productCountBound.optional().describe("At most this many products in its latest analysis"),
  price_min: priceBound
    .optional()
    .describe("Median product price (the middle of its products' lowest prices, in the store's own currency) at least this"),
  price_max: priceBound.optional().describe("Median product price at most this (in the store's own currency)"),
  first_analyzed_from: day.optional().describe("First analyzed on or after this day (UTC)"),
  first_analyzed_to: day.optional().describe("First analyzed on or before this day (UTC)"),
  last_analyzed_from: day.optional().describe("Last analyzed on or after this day (UTC)"),
  last_analyzed_to: day.optional().describe("Last analyzed on or before this day (UTC)"),
  sort: z
    .enum(DIRECTORY_SORTS)
    .default("recent")
    .describe(
      "recent (last analyzed first), first_analyzed (newest to the directory first), products or products_asc, price or price_asc (median price), name",
    ),
});
export type ListStoresQuery = z.infer<typeof listStoresQuerySchema>;

export const storeSummarySchema = z.object({
  slug: z.string(),
  domain: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  theme: z.string().nullable(),
  product_count: z.number().nullable(),
  collection_count: z.number().nullable(),
  page_count: z.number().nullable(),
  last_analyzed_at: z.string().nullable(),
  url: z.url(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

/**
 * A store as the directory lists it: its summary, and what its latest report found that the
 * directory filters by (the `tag`, `language` and `agent` query values), for the list's cards.
 */
export const storeListItemSchema = storeSummarySchema.extend({
  tags: z.array(z.string()).describe("Marketing and analytics tag kinds of its latest report (the `tag` filter's values)"),
  languages: z.array(z.string()).describe("Base language codes its storefront offers (the `language` filter's values)"),
  agent_readiness: z.array(agentCapabilitySchema).describe("The agent endpoints that answered (the `agent` filter's values)"),
  theme_slug: z.string().nullable().describe("Its theme's slug (the `theme` filter's value, /themes/<slug>)"),
  markets: z.array(z.string()).describe("Countries it ships to (the `market` filter's values)"),
  price_min: z.number().nullable().describe("Its lowest variant price in its latest report (major units of `currency`)"),
  price_max: z.number().nullable().describe("Its highest variant price in its latest report"),
  price_median: z.number().nullable().describe("The median of its products' lowest prices (the `price_min`/`price_max` filters' figure)"),
  first_analyzed_at: z.string().nullable(),
  apps: z.array(z.string()).describe("Slugs of the apps its latest analysis found (the `app` filters' values), at most 50"),
});
export type StoreListItem = z.infer<typeof storeListItemSchema>;

/** GET /api/stores. */
export const storeListSchema = paginatedSchema(storeListItemSchema);
export type StoreList = z.infer<typeof storeListSchema>;

/** The store page's product pager (GET /api/stores/:slug?page=&per_page=). */
export const storePageQuerySchema = paginationQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(50).default(24),
});
export type StorePageQuery = z.infer<typeof storePageQuerySchema>;

/** Products per price band of a store (the store page's chart), computed when the report is built. */
export const priceBandSchema = z.object({ from: z.number(), to: z.number(), count: z.number().int() });
export const priceDistributionSchema = z.object({
  bands: z.array(priceBandSchema),
  median: z.number().nullable(),
  priced_products: z.number().int(),
});
export type PriceBand = z.infer<typeof priceBandSchema>;
export type PriceDistribution = z.infer<typeof priceDistributionSchema>;

export const vendorCountSchema = z.object({ vendor: z.string(), count: z.number().int() });
export const productTypeCountSchema = z.object({ product_type: z.string(), count: z.number().int() });

/**
 * What the latest report read on the storefront besides theme and apps, as the report has it
 * (the findings lib/findings shows on the store page); each null when that report did not read it.
 */
export const storefrontFindingsSchema = z.object(storePageFindingsShape());
export type StorefrontFindings = z.infer<typeof storefrontFindingsSchema>;

/** GET /api/stores/:slug: the public store page's data. */
export const storePageSchema = z.object({
  store: storeSummarySchema,
  seo: z.object({
    title: z.string(),
    description: z.string(),
    canonical: z.url(),
    indexable: z.boolean().describe("Published (30 days after its first completed report): listed in the sitemap and indexable"),
    og_image: z.url(),
    json_ld: z.record(z.string(), z.unknown()).describe("schema.org JSON-LD of the page"),
  }),
  summary: z.object({
    product_count: z.number().int(),
    variant_count: z.number().int().nullable(),
    available_product_count: z.number().int().nullable(),
    collection_count: z.number().int(),
    page_count: z.number().int().nullable(),
    top_vendors: z.array(vendorCountSchema),
    top_product_types: z
      .array(productTypeCountSchema)
      .describe("The ten commonest product types; empty for reports built before they were counted"),
  }),
  prices: z.object({
    currency: z.string().nullable(),
    min: z.string().nullable(),
    max: z.string().nullable(),
    median: z.number().nullable(),
    distribution: z.array(priceBandSchema),
  }),
  products: paginatedSchema(productSchema).describe("One page of the latest snapshot's products (page, per_page)"),
  collections: z.object({
    total: z.number().int(),
    data: z.array(z.object({ id: z.number(), handle: z.string(), title: z.string(), productsCount: z.number().nullable() })),
  }),
  theme: z.string().nullable().describe("The theme as the catalog names it (by its Theme Store id or its own schema name)"),
  theme_merchant_name: z
    .string()
    .nullable()
    .describe('The name the merchant gave its copy of the theme, when it differs from `theme` ("[PROD] Snapshot 07.30.21")'),
  apps: z.array(z.object({ slug: z.string(), name: z.string(), category: z.string() })),
  storefront: storefrontFindingsSchema,
  pagespeed: z.array(pageSpeedAuditSchema),
  analyzed_at: z.string().nullable(),
  first_analyzed_at: z.string().nullable(),
  published_at: z.string().nullable(),
  latest_job_id: z.uuid(),
  report_url: z.url(),
  published_reports: z.array(z.object({ job_id: z.uuid(), completed_at: z.string(), url: z.url() })),
  export_urls: z.object({ csv: z.url(), json: z.url() }),
  screenshots: z
    .object({ desktop: z.url().nullable(), phone: z.url().nullable() })
    .describe("The latest report's screenshots of the home page (JPEG); null when it was not rendered"),
});
export type StorePageData = z.infer<typeof storePageSchema>;
