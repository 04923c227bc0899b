import { z } from "zod";
import { agentReadinessSchema } from "@/lib/agent-readiness/schemas";
import { paginationSchema } from "@/lib/http/pagination";
import { reportJobSchema } from "@/lib/jobs/schemas";
import { renderArtifactSchema, renderCodeSchema } from "@/lib/render/schemas";
import { pageSchema, productSchema, reportCollectionSchema } from "@/lib/shopify-reader/schemas";
import { marketingSchema } from "@/lib/marketing/schemas";
import { detectedAppSchema, storefrontThemeSchema, unidentifiedAppSchema } from "@/lib/storefront-html/schemas";
import { marketsSchema } from "@/lib/markets/schemas";
import { socialsSchema } from "@/lib/socials/schemas";
import { priceDistributionSchema, productTypeCountSchema, storeSummarySchema, vendorCountSchema } from "@/lib/store-directory/schemas";

// The report of GET /api/reports/:id: what report-envelope.ts answers and build-report.ts stores.

/** How a value came to be: read from the store, computed from what was read, or modelled. */
export const basisSchema = z.enum(["observed", "derived", "estimated"]);
export type Basis = z.infer<typeof basisSchema>;

const labelled = <T extends z.ZodType>(value: T) => z.object({ value, basis: basisSchema });
export type Labelled<T> = { value: T; basis: Basis };

/** Derived product figures of the report (reports.summary). */
export const reportSummarySchema = z.object({
  product_count: z.number().int(),
  variant_count: z.number().int(),
  available_product_count: z.number().int(),
  price_min: z.string().nullable(),
  price_max: z.string().nullable(),
  top_vendors: z.array(vendorCountSchema),
  top_product_types: z
    .array(productTypeCountSchema)
    .optional()
    .describe("The ten commonest product types, most products first; absent in reports built before they were counted"),
  price_distribution: priceDistributionSchema,
  collection_count: z.number().int(),
  page_count: z.number().int(),
  changes: z.number().int().describe("Changelog entries since the store's previous completed snapshot"),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** What the limits on store content (lib/shopify-reader/store-text-limits.ts) left out of a job's products. */
export const contentCutSummarySchema = z.object({
  products: z.number().int().describe("Products with anything left out"),
  variants: z.number().int(),
  images: z.number().int().describe("Past the count, or with a URL too long to keep"),
  tags: z.number().int(),
  options: z.number().int().describe("Options and option values"),
  text_fields: z.number().int().describe("Values shortened to their byte limit, or dropped for not fitting one"),
  bytes: z.number().int().describe("UTF-8 bytes of text left out"),
});
export type ContentCutSummary = z.infer<typeof contentCutSummarySchema>;

/** How the store was read: our requests, what the store refused, what robots.txt kept us from. */
export const crawlSectionSchema = z.object({
  requests: z.number().int().describe("Requests made to the store (every attempt, retries included)"),
  signed_requests: z.number().int().describe("Requests sent with a Web Bot Auth `Signature` header"),
  retries: z.number().int().describe("Attempts after a request's first one"),
  refusals: z
    .record(z.string(), z.number().int())
    .describe('Answers refusing us, by HTTP status ("403", "423", "429", "430", "503"…) or "challenge" for a bot challenge'),
  robots: z.object({
    status: z.enum(["ok", "missing"]).nullable().describe("`missing`: the store serves no robots.txt (all allowed); null when not read"),
    crawl_delay_seconds: z.number().nullable().describe("The Crawl-delay honoured (capped at 30 seconds); null when none"),
    skipped: z
      .array(z.object({ path: z.string(), kind: z.string() }))
      .describe("Paths robots.txt disallows for StoreLensBot, which were not requested (at most 50 listed)"),
  }),
  owner_signature_expires_at: z
    .string()
    .nullable()
    .describe("When the store owner's registered signature for StoreLensBot expires; null when the owner registered none"),
});
export type CrawlSection = z.infer<typeof crawlSectionSchema>;

/** The report's metadata, every field labelled with its basis (docs/decisions.md §6.7). */
/** How the store's home page rendered in a browser (lib/render): its screenshots, and what only showed after its scripts ran. */
export const renderSectionSchema = z.object({
  status: z.enum(["rendered", "not_rendered"]),
  code: renderCodeSchema.nullable().describe("Why the page was not rendered (render_timeout, render_blocked_request, …); null when it was"),
  screenshots: z
    .object({ desktop: z.url().nullable(), phone: z.url().nullable() })
    .describe("GET /api/reports/:id/screenshots/:size: JPEG, 1280×800 and 390×844, viewport only; null when not rendered"),
  requests: z
    .number()
    .int()
    .describe("Requests the page made, each answered by us (through the store fetch or the guarded fetch) or refused"),
  bytes: z.number().int().describe("Bytes of the answers handed to the browser"),
  refused: z.record(z.string(), z.number().int()).describe("Requests refused, by reason"),
  stored_bytes: z.number().int().describe("Bytes of the stored screenshots, counted in the job's storage budget"),
  after_render: z
    .array(renderArtifactSchema.shape.afterRender.element)
    .describe(
      'What the detectors found in the rendered page and not in the served HTML; apps also join `apps`, their evidence starting "after render:"',
    ),
});
export type RenderSection = z.infer<typeof renderSectionSchema>;

export const reportMetadataSchema = z.object({
  name: labelled(z.string()),
  description: labelled(z.string().nullable()),
  domain: labelled(z.string()),
  myshopify_domain: labelled(z.string().nullable()),
  country: labelled(z.string().nullable()),
  city: labelled(z.string().nullable()),
  base_currency: labelled(z.string().nullable()),
  presentment_currency: labelled(z.string().nullable()),
  ships_to_countries: labelled(z.array(z.string())),
  published_products_count: labelled(z.number().nullable()),
  published_collections_count: labelled(z.number().nullable()),
  products_read: labelled(z.number().int()),
  listing_complete: labelled(z.boolean()),
  completeness: labelled(
    z.object({
      basis: z.enum(["listing+sitemap", "listing"]),
      sitemap_products: z.number().int(),
      recovered: z.number().int(),
      gone_during_crawl: z.number().int(),
    }),
  ),
  products_recovered: labelled(z.number().int()),
  collections_complete: labelled(z.boolean()),
  pages_complete: labelled(z.boolean()),
  exposes_inventory: labelled(z.boolean()),
  theme: labelled(storefrontThemeSchema.nullable()),
  apps: labelled(z.array(detectedAppSchema)),
  unidentified_apps: labelled(z.array(unidentifiedAppSchema))
    .optional()
    .describe(
      "Apps the storefront names by their Shopify handle or web-pixel client id that StoreLens' catalogue does not know (at most 50); absent in reports built before they were read",
    ),
  storefront_title: labelled(z.string().nullable()),
  cut_to_limits: labelled(contentCutSummarySchema)
    .optional()
    .describe(
      "What the limits on store content left out of the products (all zero when nothing was); absent in reports built before these limits",
    ),
  crawl: labelled(crawlSectionSchema)
    .optional()
    .describe("How the store was read (requests, refusals, robots.txt); absent in reports built before it was recorded"),
  agent_readiness: labelled(agentReadinessSchema)
    .optional()
    .describe(
      "What the store offers AI agents (Storefront MCP, UCP profile, llms.txt) and what its robots.txt tells AI crawlers; absent in reports built before it was checked",
    ),
  marketing: labelled(marketingSchema)
    .optional()
    .describe(
      "The marketing and analytics tags on the store's home page (Google, Meta, TikTok … with their ids) and its custom pixels; absent in reports built before they were read, or when the home page could not be read",
    ),
  socials: labelled(socialsSchema)
    .optional()
    .describe(
      "The store's own social profiles, public e-mails and phones, from its home page, its contact and about pages and its JSON-LD; absent in reports built before they were read",
    ),
  markets: labelled(marketsSchema)
    .optional()
    .describe(
      "Languages (hreflang alternates) and the market the home page was served for (ships_to_countries lists where it ships); absent in reports built before they were read and when the home page could not be read",
    ),
  render: labelled(renderSectionSchema)
    .optional()
    .describe(
      "The home page rendered in a browser: screenshots, and findings seen only after its scripts ran; absent in reports built before the render step",
    ),
});
export type ReportMetadata = z.infer<typeof reportMetadataSchema>;

/**
 * What a report says about its store, as it stood when the job completed (reports.store_facts):
 * the store summary without its address, and the site's address of that moment (null for
 * reports completed before it was recorded, whose links use the current one). Every body and
 * the report page are built from these, never from the store's current row (docs/decisions.md §5.2).
 */
export const reportStoreFactsSchema = storeSummarySchema.omit({ url: true }).extend({ base_url: z.string().nullable() });
export type ReportStoreFacts = z.infer<typeof reportStoreFactsSchema>;

/** GET /api/reports/:id: the full report, or with products_page / products_per_page one page of its products. */
export const reportSchema = z.object({
  job: reportJobSchema,
  store: storeSummarySchema,
  summary: reportSummarySchema,
  metadata: reportMetadataSchema,
  products: z.array(productSchema),
  products_pagination: paginationSchema.optional().describe("Only when products_page or products_per_page was given"),
  collections: z.array(reportCollectionSchema),
  pages: z.array(pageSchema),
  provenance: z.record(z.string(), basisSchema).describe("Which parts of the report are observed, derived or estimated"),
  links: z.object({ pagespeed: z.url(), changelog: z.url(), store: z.url() }),
  generated_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
