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
  answers: { 200: technologyExportAnswer, 400: "error", 404: "error" },
});
