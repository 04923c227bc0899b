import { z } from "zod";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { changelogSchema } from "../changelog/schemas";
import { screenshotSizeSchema } from "@/lib/render/schemas";
import { reportQuerySchema } from "./get-report";
import { reportSchema } from "./schemas";

export const getReportEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/reports/:id",
  access: "public",
  operationId: "getReport",
  tag: "reports",
  summary:
    "A store's analysis report by job id, Stripe Checkout Session id or store slug (its latest): products, collections, pages, metadata",
  description:
    "Served gzip or br compressed with an ETag (304 on If-None-Match); with products_page or products_per_page, one page of products and products_pagination, with an ETag of its own (304 on If-None-Match too). A completed report's answers never change (same bytes and ETag) until an operator purges it (410), so by job id they are cached 5 minutes and then revalidated (public, max-age=300, must-revalidate)",
  params: z.object({ id: z.string().min(1).max(300).describe("Job id, Stripe Checkout Session id, or store slug") }),
  query: reportQuerySchema,
  answers: {
    200: { schema: reportSchema, headers: ["ETag", "Cache-Control"] },
    304: { description: "Not modified (If-None-Match matched the ETag)", headers: ["ETag", "Cache-Control"] },
    400: "error",
    404: "error",
    410: "error",
  },
});

export const getChangelogEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/changelog/:jobId",
  access: "public",
  operationId: "getChangelog",
  tag: "reports",
  summary:
    "What a job's snapshot changed against the store's previous completed snapshot (products, variants, prices, availability, collections, pages), paginated",
  description: "Never changes once the job completed; 410 once its report was purged",
  params: z.object({ jobId: z.string().min(1) }),
  query: paginationQuerySchema,
  answers: { 200: { schema: changelogSchema }, 400: "error", 404: "error", 410: "error" },
});

export const getReportScreenshotEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/reports/:id/screenshots/:size",
  access: "public",
  operationId: "getReportScreenshot",
  tag: "reports",
  summary: "A report's screenshot of the store's home page as rendered in a browser, at desktop (1280×800) or phone (390×844) size",
  description:
    "JPEG, viewport only. By job id only; a completed report's screenshots never change while it exists, but it can be purged, so they are cached 5 minutes and then revalidated (Cache-Control: public, max-age=300, must-revalidate) with their ETag (304 on If-None-Match). 404 when the report has none (metadata.render says why), 410 once purged",
  params: z.object({ id: z.string().min(1).max(300).describe("Job id"), size: screenshotSizeSchema }),
  answers: {
    200: { content: { "image/jpeg": { schema: { type: "string", format: "binary" } } }, headers: ["ETag", "Cache-Control"] },
    304: { description: "Not modified (If-None-Match matched the ETag)", headers: ["ETag", "Cache-Control"] },
    400: "error",
    404: "error",
    410: "error",
  },
});
