import { z } from "zod";
import { storeSlugSchema } from "@/lib/store-domain/schemas";
import { productSchema } from "@/lib/shopify-reader/schemas";
import { listStoresQuerySchema } from "@/lib/store-directory/schemas";

export const EXPORT_FORMATS = ["csv", "json"] as const;

/** GET /api/free-export?slug=…&format=csv|json */
export const freeExportQuerySchema = z.object({
  slug: storeSlugSchema,
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
export type FreeExportQuery = z.infer<typeof freeExportQuerySchema>;

/** The JSON download of GET /api/free-export (streamed: the head's fields, then the products). */
export const freeExportJsonSchema = z.object({
  store: z.object({ slug: z.string(), domain: z.string(), name: z.string().nullable(), currency: z.string().nullable() }),
  job_id: z.uuid(),
  analyzed_at: z.string().nullable(),
  products: z.array(productSchema),
});
export type FreeExportJson = z.infer<typeof freeExportJsonSchema>;

/** `?format=` and `?evidence=` of every technology export. */
export const technologyExportOptionsSchema = z.object({
  format: z.enum(EXPORT_FORMATS).default("csv").describe("csv (one row per store, formula-safe) or json (one object per store)"),
  evidence: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((value) => value === "1" || value === "true")
    .describe("1: add what each app, theme and tag was recognized by (an `evidence` column in CSV, `evidence` fields in JSON)"),
});
export type TechnologyExportOptions = z.infer<typeof technologyExportOptionsSchema>;

const seenSchema = {
  first_seen: z.string().nullable().describe("When an analysis first saw it (technology history); null before history was recorded"),
  last_seen: z.string().nullable().describe("When an analysis last saw it; null before history was recorded"),
};
const evidenceField = z.string().optional().describe("What it was recognized by; only with evidence=1");

/** One store of a technology export (JSON), the same facts as one CSV row. */
export const technologyProfileSchema = z.object({
  domain: z.string(),
  slug: z.string(),
  name: z.string().nullable(),
  store_url: z.url().describe("The store's page on this site"),
  job_id: z.uuid().describe("The analysis the profile is read from (the store's latest, or the report exported)"),
  analyzed_at: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  theme: z
    .object({
      name: z.string().nullable(),
      version: z.string().nullable(),
      theme_store_id: z.number().nullable(),
      evidence: evidenceField,
      ...seenSchema,
    })
    .nullable(),
  apps: z.array(z.object({ slug: z.string(), name: z.string(), category: z.string(), evidence: evidenceField, ...seenSchema })),
  tags: z.array(
    z.object({
      kind: z.string(),
      name: z.string(),
      id: z.string().nullable().describe("The account, property or pixel id"),
      evidence: evidenceField,
    }),
  ),
  socials: z.array(z.object({ network: z.string(), url: z.string(), handle: z.string() })),
  contact: z.object({ emails: z.array(z.string()), phones: z.array(z.string()) }),
  languages: z.array(z.string()).describe("Base language codes the storefront offers"),
  markets: z.array(z.string()).describe("Countries it ships to (ISO 3166-1 alpha-2)"),
  agent_readiness: z.array(z.string()).describe("Agent endpoints that answered: storefront_mcp, ucp, llms_txt"),
  product_count: z.number().int().nullable(),
  price_range: z.object({ min: z.string().nullable(), max: z.string().nullable(), currency: z.string().nullable() }),
  first_seen: z.string().nullable().describe("The store's first completed analysis"),
  last_seen: z.string().nullable().describe("The store's latest completed analysis"),
});
export type TechnologyProfile = z.infer<typeof technologyProfileSchema>;

/** The JSON download of a technology export (streamed: the head, then one store at a time). */
export const technologyExportJsonSchema = z.object({
  source: z.string().describe("What was exported: a segment's query, a list, a store or a report"),
  generated_at: z.string(),
  stores: z.array(technologyProfileSchema),
});

/**
 * GET /api/stores/export: the directory's own query (GET /api/stores's filters and sort, without
 * paging), so every filter the directory has is one the export has, and the export's options.
 */
export const segmentExportQuerySchema = listStoresQuerySchema
  .omit({ page: true, per_page: true })
  .extend(technologyExportOptionsSchema.shape);
export type SegmentExportQuery = z.infer<typeof segmentExportQuerySchema>;
