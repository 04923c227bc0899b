import { z } from "zod";
import { collectionsArtifactSchema, pagesArtifactSchema } from "@/lib/snapshots/artifacts";
import { storedAuditMetricsSchema } from "@/lib/pagespeed/schemas";
import { basisSchema, reportSummarySchema, type Basis } from "@/lib/reports/schemas";

// The report's JSON columns come back untyped from the database; these views parse them with
// the schemas the pipeline wrote them with, so the page and the pipeline cannot drift apart.

export { basisSchema, type Basis };

export const labelledSchema = z.object({ value: z.unknown(), basis: basisSchema });
export type Labelled = z.infer<typeof labelledSchema>;

/**
 * reports.metadata as the page reads it: any field by name, each labelled with its basis. Looser
 * than the API's reportMetadataSchema (lib/reports/schemas.ts), so the page lists whatever fields
 * a report of any age has, in the order store-detail-rows.ts gives them. Its findings are read
 * typed, by lib/findings (`readFindings`).
 */
export const reportPageMetadataSchema = z.record(z.string(), labelledSchema);
export type ReportPageMetadata = z.infer<typeof reportPageMetadataSchema>;

/**
 * reports.summary as the page reads it: the API's reportSummarySchema with every field optional,
 * since reports built before a field was counted lack it; the page shows what there is.
 */
export const reportPageSummarySchema = reportSummarySchema.partial();
export type ReportPageSummary = z.infer<typeof reportPageSummarySchema>;

export const reportCollectionsSchema = collectionsArtifactSchema.shape.collections;
export type ReportCollection = z.infer<typeof reportCollectionsSchema>[number];

export const reportPagesSchema = pagesArtifactSchema.shape.pages;
export type ReportPage = z.infer<typeof reportPagesSchema>[number];

/** pagespeed_audits.metrics as the pagespeed step stores it. */
export const pagespeedMetricsSchema = storedAuditMetricsSchema;
export type PagespeedMetrics = z.infer<typeof pagespeedMetricsSchema>;

/** Entries the report page lists; the rest are in the changelog API (paginated). */
export const CHANGELOG_SHOWN = 50;
