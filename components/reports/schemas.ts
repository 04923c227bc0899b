import { z } from "zod";
import { collectionsArtifactSchema, pagesArtifactSchema, storefrontArtifactSchema } from "@/lib/analysis/artifacts";
import { fieldMetricsSchema, labMetricsSchema, auditSummarySchema } from "@/lib/pagespeed/schemas";

// The report's JSON columns come back untyped from the database; these views parse them with
// the schemas the pipeline wrote them with, so the page and the pipeline cannot drift apart.

export const basisSchema = z.enum(["observed", "derived", "estimated"]);
export type Basis = z.infer<typeof basisSchema>;

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
export const pagespeedMetricsSchema = z.object({
  lab: labMetricsSchema,
  field: fieldMetricsSchema.nullable(),
  audits: z.array(auditSummarySchema),
  lighthouseVersion: z.string().nullable(),
});
export type PagespeedMetrics = z.infer<typeof pagespeedMetricsSchema>;
