import { z } from "zod";
import { paginationSchema } from "@/lib/http/pagination";
import { reportJobSchema } from "@/lib/jobs/schemas";
import { pageSchema, productSchema, reportCollectionSchema } from "@/lib/shopify-reader/schemas";
import { findingsShape } from "@/lib/findings";
import { basisSchema, labelled } from "@/lib/findings/labelled";
import { priceDistributionSchema, productTypeCountSchema, storeSummarySchema, vendorCountSchema } from "@/lib/store-directory/schemas";

// The report of GET /api/reports/:id: what report-envelope.ts answers and build-report.ts stores.

export { basisSchema, type Basis, type Labelled } from "@/lib/findings/labelled";
export {
  contentCutSummarySchema,
  crawlSectionSchema,
  renderSectionSchema,
  type ContentCutSummary,
  type CrawlSection,
  type RenderSection,
} from "@/lib/findings/sections";

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

/** The report's metadata, every field labelled with its basis (docs/decisions.md §6.7); its findings are declared in lib/findings/findings.ts. */
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
  storefront_title: labelled(z.string().nullable()),
  ...findingsShape(),
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
