import { defineEndpoint } from "@/lib/http/define-endpoint";
import { z } from "zod";
import { storeSlugParamsSchema } from "@/lib/store-domain/schemas";
import { technologyExportAnswer } from "./technology-export-answer";
import { freeExportQuerySchema, segmentExportQuerySchema, technologyExportOptionsSchema } from "./schemas";

export const exportProductsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/free-export",
  access: "public",
  operationId: "exportProducts",
  tag: "directory",
  summary:
    "The products of any analyzed store's latest completed report as Shopify's product import CSV or as JSON (streamed download); publication does not matter",
  query: freeExportQuerySchema,
  description:
    "A download (Content-Disposition: attachment) streamed as it is read: CSV in Shopify's product import columns, one row per variant (the default), or JSON (format=json) with the store and its products. Any store with a completed analysis, by slug; 404 when the slug names none. Cached an hour (public, max-age=3600): a newer analysis shows within the hour.",
  answers: {
    200: {
      content: {
        "text/csv": {
          schema: {
            type: "string",
            description: "Shopify product import template; a cell that could start a spreadsheet formula is prefixed with '",
          },
        },
        "application/json": { schema: { $ref: "#/components/schemas/FreeExport" } },
      },
      headers: ["Content-Disposition"],
    },
    400: "error",
    404: "error",
  },
});

export const exportStoresTechnologiesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/stores/export",
  access: "public",
  operationId: "exportStoresTechnologies",
  tag: "directory",
  summary:
    "Every store of a directory segment (GET /api/stores's filters and sort) with its technology profile, one row per store, as CSV or JSON (streamed download); evidence=1 adds what each app, theme and tag was recognized by",
  query: segmentExportQuerySchema,
  description:
    "The same filters and sort as GET /api/stores (400 naming a parameter past its schema); every store of the segment, at most 50,000, streamed as a download (Content-Disposition: attachment), CSV by default or JSON (format=json). Cached 5 minutes (public, max-age=300). An empty segment is a file with no rows, not a 404.",
  answers: { 200: technologyExportAnswer, 400: "error" },
});

export const exportStoreTechnologiesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/stores/:slug/export",
  access: "public",
  operationId: "exportStoreTechnologies",
  tag: "directory",
  summary: "One analyzed store's technology profile from its latest analysis as CSV or JSON (one row)",
  params: storeSlugParamsSchema,
  query: technologyExportOptionsSchema,
  description:
    "A download (Content-Disposition: attachment) of one row, CSV by default or JSON (format=json); evidence=1 (or true) adds what each technology was recognized by. 404 when no store with a completed analysis has the slug. Cached 5 minutes (public, max-age=300).",
  answers: { 200: technologyExportAnswer, 400: "error", 404: "error" },
});

export const exportReportTechnologiesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/reports/:id/export/technologies",
  access: "public",
  operationId: "exportReportTechnologies",
  tag: "reports",
  summary:
    "The technology profile a completed report recorded (its store's apps, theme, tags, socials, languages, markets … as of that analysis) as CSV or JSON (one row); the report's products are GET /api/free-export",
  params: z.object({ id: z.uuid().describe("The report's job id") }),
  query: technologyExportOptionsSchema,
  description:
    "By the report's job id (400 when it is not a UUID): what that analysis recorded, even after newer ones. A download (Content-Disposition: attachment), CSV by default or JSON (format=json); evidence=1 adds the evidence column. 404 when the id names no completed report. Cached 5 minutes (public, max-age=300).",
  answers: { 200: technologyExportAnswer, 400: "error", 404: "error" },
});
