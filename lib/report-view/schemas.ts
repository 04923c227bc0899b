import { z } from "zod";
import { collectionsArtifactSchema, pagesArtifactSchema, storefrontArtifactSchema } from "@/lib/snapshots/artifacts";
import { storedAuditMetricsSchema } from "@/lib/pagespeed/schemas";
import { basisSchema, type Basis } from "@/lib/reports/schemas";
import { priceDistributionSchema, productTypeCountSchema } from "@/lib/store-directory/schemas";

// The report's JSON columns come back untyped from the database; these views parse them with
// the schemas the pipeline wrote them with, so the page and the pipeline cannot drift apart.

export { basisSchema, type Basis };

export const labelledSchema = z.object({ value: z.unknown(), basis: basisSchema });
export type Labelled = z.infer<typeof labelledSchema>;

export const reportMetadataSchema = z.record(z.string(), labelledSchema);

export const themeSchema = storefrontArtifactSchema.shape.theme;
export const detectedAppsSchema = storefrontArtifactSchema.shape.apps;

export const reportSummarySchema = z.object({
  product_count: z.number().optional(),
  variant_count: z.number().optional(),
  available_product_count: z.number().optional(),
  price_min: z.string().nullable().optional(),
  price_max: z.string().nullable().optional(),
  top_vendors: z.array(z.object({ vendor: z.string(), count: z.number() })).optional(),
  top_product_types: z.array(productTypeCountSchema).optional(),
  price_distribution: priceDistributionSchema.optional(),
  collection_count: z.number().optional(),
  page_count: z.number().optional(),
  changes: z.number().optional(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportCollectionsSchema = collectionsArtifactSchema.shape.collections;
export type ReportCollection = z.infer<typeof reportCollectionsSchema>[number];

export const reportPagesSchema = pagesArtifactSchema.shape.pages;
export type ReportPage = z.infer<typeof reportPagesSchema>[number];

/** pagespeed_audits.metrics as the pagespeed step stores it. */
export const pagespeedMetricsSchema = storedAuditMetricsSchema;
export type PagespeedMetrics = z.infer<typeof pagespeedMetricsSchema>;

/** Entries the report page lists; the rest are in the changelog API (paginated). */
export const CHANGELOG_SHOWN = 50;
