import { z } from "zod";
import { storePageFindingsShape } from "@/lib/findings";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";
import { pageSpeedAuditSchema } from "@/lib/pagespeed/schemas";
import { productSchema } from "@/lib/shopify-reader/schemas";

/** The agent-facing endpoints a store can answer on, as the directory filters by them. */
export const AGENT_CAPABILITIES = ["storefront_mcp", "ucp", "llms_txt"] as const;
export const agentCapabilitySchema = z.enum(AGENT_CAPABILITIES);
export type AgentCapability = z.infer<typeof agentCapabilitySchema>;

export const listStoresQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  country: z.string().trim().length(2).toUpperCase().optional(),
  currency: z.string().trim().length(3).toUpperCase().optional(),
  app: z.string().trim().max(100).optional(),
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .max(60)
    .regex(/^[a-z0-9][a-z0-9-]*$/, "a tag kind: lower-case letters, digits and hyphens")
    .optional()
    .describe("A marketing tag or pixel kind the store's pages carry (google-analytics-4, meta-pixel, tiktok-pixel…)"),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, "a two- or three-letter language code")
    .optional()
    .describe("A language the storefront offers (its locale or an hreflang alternate): `fr` matches fr, fr-CA, fr-BE…"),
  market: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "a two-letter country code")
    .optional()
    .describe("An ISO 3166-1 alpha-2 country the store ships to"),
  agent: agentCapabilitySchema
    .optional()
    .describe("An agent endpoint the store answered on: its Storefront MCP, a UCP profile, or an llms.txt"),
  sort: z.enum(["recent", "products", "name"]).default("recent"),
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
  theme: z.string().nullable(),
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
