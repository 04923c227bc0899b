import { defineEndpoint } from "@/lib/http/define-endpoint";
import { freeExportQuerySchema } from "./schemas";

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
