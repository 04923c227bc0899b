import { z } from "zod";
import packageJson from "@/package.json";
import { appNameParamsSchema, listAppsQuerySchema } from "@/lib/apps/app-directory";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeySchema, createdApiKeySchema, revokedApiKeySchema } from "@/lib/api-keys/schemas";
import { ACCESS, ENDPOINTS, type AccessName } from "@/lib/auth/access";
import { messageResponseSchema, signUpResponseSchema, verifyEmailSchema } from "@/lib/auth/schemas";
import { billingSummarySchema, checkoutSessionSchema, createCheckoutBodySchema, portalSessionSchema, webhookReceiptSchema } from "@/lib/billing/schemas";
import { getEnv } from "@/lib/env";
import { createJobBodySchema, findJobQuerySchema, jobIdParamsSchema, jobSchema, jobStatusSchema } from "@/lib/jobs/schemas";
import { paginatedSchema } from "@/lib/http/pagination";
import { blogPostListQuerySchema, blogPostListSchema, blogPostSchema, blogSlugParamsSchema } from "@/lib/blog/schemas";
import { freeExportQuerySchema } from "@/lib/export/schemas";
import { listStoresQuerySchema, storePageQuerySchema, storeSlugParamsSchema, storeSummarySchema } from "@/lib/stores/schemas";
import { chatAnswerSchema, chatBodySchema, chatLimitErrorSchema } from "@/lib/chat/schemas";
import { compareQuerySchema } from "@/lib/analytics/schemas";
import { inventoryEventSchema, inventoryEventsQuerySchema, inventorySummarySchema, productInventorySchema, productParamsSchema } from "@/lib/inventory/schemas";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { changelogSchema } from "@/lib/reports/changelog-schema";
import { reportQuerySchema } from "@/lib/reports/get-report";
import {
  shopSlugParamsSchema,
  trackedShopListSchema,
  trackShopBodySchema,
  trackShopResultSchema,
  untrackShopResultSchema,
} from "@/lib/tracking/schemas";

type Operation = {
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and its body (a schema, or a description when the shape is open). */
  success: { status: number; schema?: z.ZodType; description?: string };
  /** Documented error statuses besides the access ones. */
  errors?: number[];
  /** Error statuses whose body has more than the common fields. */
  errorSchemas?: Record<number, z.ZodType>;
};

const jobEnvelope = z.object({ job: jobSchema });
const jobIdParam = z.object({ jobId: z.string() });
const reportIdParam = z.object({ id: z.string().describe("Job id, Stripe Checkout Session id, or store slug") });

/**
 * The API's operations, from the same zod schemas the routes validate with. Keyed like
 * ENDPOINTS ("METHOD /path"); a test keeps the two lists identical.
 */
export const OPERATIONS: Record<string, Operation> = {
  "GET /api/health": { summary: "Liveness, database driver, workflow engine, version; status ok, or degraded with reasons (storage_low: no new jobs, steps wait); 503 when the database is unreachable", tag: "system", success: { status: 200, description: "Health" }, errors: [503] },
  "POST /api/jobs": { summary: "Submit a store domain for analysis (403 email_unverified until the account confirms its e-mail, when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low with Retry-After while the server's disk is nearly full)", tag: "jobs", body: createJobBodySchema, success: { status: 201, schema: jobEnvelope }, errors: [400, 403, 503] },
  "GET /api/jobs": { summary: "Find a job by id or by store domain (latest)", tag: "jobs", query: findJobQuerySchema, success: { status: 200, schema: jobEnvelope }, errors: [400, 404] },
  "GET /api/jobs/:id": { summary: "Job details", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, schema: jobEnvelope }, errors: [404] },
  "GET /api/jobs/:id/status": { summary: "Job status and progress (for polling)", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, schema: jobStatusSchema }, errors: [404] },
  "GET /api/jobs/:id/events": { summary: "Progress as Server-Sent Events (fallback of /api/ws/:jobId)", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, description: "text/event-stream of progress, completed and failed messages" }, errors: [404, 429, 503] },
  "GET /api/reports/:id": { summary: "The full report: products, collections, pages, metadata (gzip/br, ETag, 304); with products_page or products_per_page, one page of products and products_pagination. A completed report's answers never change (same bytes and ETag); 410 once an operator purged it", tag: "reports", params: reportIdParam, query: reportQuerySchema, success: { status: 200, description: "Report" }, errors: [400, 404, 410] },
  "GET /api/pagespeed/:jobId": { summary: "PageSpeed audits (mobile, desktop) of a job", tag: "reports", params: jobIdParam, success: { status: 200, description: "Audits" }, errors: [404] },
  "GET /api/changelog/:jobId": { summary: "Changes since the store's previous completed snapshot, paginated (never changes once the job completed; 410 once its report was purged)", tag: "reports", params: jobIdParam, query: paginationQuerySchema, success: { status: 200, schema: changelogSchema }, errors: [400, 404, 410] },
  "GET /api/stores": { summary: "The store directory", tag: "directory", query: listStoresQuerySchema, success: { status: 200, schema: paginatedSchema(storeSummarySchema) }, errors: [400] },
  "GET /api/stores/:slug": { summary: "A store's public page data: SEO content, summary, prices, a page of products, collections, theme, apps, PageSpeed", tag: "directory", params: storeSlugParamsSchema, query: storePageQuerySchema, success: { status: 200, description: "Store page" }, errors: [404] },
  "GET /api/apps": { summary: "The app directory", tag: "directory", query: listAppsQuerySchema, success: { status: 200, description: "Apps with store counts" } },
  "GET /api/apps/:name": { summary: "One app and stores seen running it", tag: "directory", params: appNameParamsSchema, success: { status: 200, description: "App" }, errors: [404] },
  "GET /api/api-keys": { summary: "List your API keys", tag: "account", success: { status: 200, schema: apiKeyListSchema } },
  "POST /api/api-keys": { summary: "Create an API key (the raw key is returned only now)", tag: "account", body: createApiKeySchema, success: { status: 201, schema: createdApiKeySchema }, errors: [400] },
  "DELETE /api/api-keys/:id": { summary: "Revoke an API key (effective on the next request)", tag: "account", params: apiKeyParamsSchema, success: { status: 200, schema: revokedApiKeySchema }, errors: [404] },
  "POST /api/auth/sign-up": { summary: "Create an account with e-mail and password; the same answer whether or not the address already has an account (its owner is told by e-mail)", tag: "account", success: { status: 202, schema: signUpResponseSchema }, errors: [400, 429] },
  "POST /api/auth/verify-email": { summary: "Confirm the account's e-mail with the token of its link (single use, 24 hours)", tag: "account", body: verifyEmailSchema, success: { status: 200, schema: messageResponseSchema }, errors: [400] },
  "POST /api/auth/verify-email/resend": { summary: "Mail a new confirmation link to the account's e-mail (3 per hour)", tag: "account", success: { status: 202, schema: messageResponseSchema }, errors: [429] },
  "POST /api/auth/reset-password": { summary: "E-mail a single-use password reset link", tag: "account", success: { status: 202, description: "Accepted" }, errors: [400] },
  "POST /api/auth/reset-password/confirm": { summary: "Set a new password with a reset token", tag: "account", success: { status: 200, description: "Password changed" }, errors: [400] },
  "GET /api/openapi.json": { summary: "This document", tag: "system", success: { status: 200, description: "OpenAPI 3.1" } },
  "GET /api/billing": { summary: "Your plan, this month's Free usage, job credits and subscription", tag: "billing", success: { status: 200, schema: billingSummarySchema } },
  "POST /api/billing/checkout": { summary: "Start a Stripe Checkout for single_report (no account needed with a domain) or pro_monthly (signed in)", tag: "billing", body: createCheckoutBodySchema, success: { status: 201, schema: checkoutSessionSchema }, errors: [400, 503] },
  "POST /api/billing/portal": { summary: "Open the Stripe billing portal (manage or cancel the subscription)", tag: "billing", success: { status: 201, schema: portalSessionSchema }, errors: [404, 503] },
  "POST /api/stripe/webhook": { summary: "Stripe events (signature verified on the raw body; each event id applied once)", tag: "billing", success: { status: 200, schema: webhookReceiptSchema }, errors: [400, 413] },
  "POST /api/chat": {
    summary: "Ask about a store; answered from StoreLens data (JSON, or server-sent events with stream: true). Metered: 429 per minute or per day",
    tag: "chat",
    body: chatBodySchema,
    success: { status: 200, schema: chatAnswerSchema },
    errors: [400, 404, 429, 502, 503, 504],
    errorSchemas: { 429: chatLimitErrorSchema },
  },
  "GET /api/free-export": { summary: "The products of any analysed store's latest completed report as Shopify's product import CSV or as JSON (streamed download); publication does not matter", tag: "directory", query: freeExportQuerySchema, success: { status: 200, description: "text/csv (Shopify product import template; a cell that could start a spreadsheet formula is prefixed with ') or application/json, as an attachment" }, errors: [400, 404] },
  "GET /api/blog": { summary: "Published blog posts, newest first", tag: "blog", query: blogPostListQuerySchema, success: { status: 200, schema: blogPostListSchema }, errors: [400] },
  "GET /api/blog/:slug": { summary: "One published blog post (Markdown and sanitized HTML)", tag: "blog", params: blogSlugParamsSchema, success: { status: 200, schema: blogPostSchema }, errors: [404] },
  "GET /api/shops": { summary: "Your tracked shops: store, latest job, last and next check", tag: "tracking", query: paginationQuerySchema, success: { status: 200, schema: trackedShopListSchema }, errors: [400] },
  "POST /api/shops": { summary: "Track a store; idempotent. Its first analysis, unless a recent one exists, is charged like POST /api/jobs (402 plan_limit_reached, and nothing tracked, when the plan has no job left; 402 tracked_shop_limit; 403 email_unverified when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low while the server's disk is nearly full)", tag: "tracking", body: trackShopBodySchema, success: { status: 201, schema: trackShopResultSchema }, errors: [400, 402, 403, 503] },
  "DELETE /api/shops/:slug": { summary: "Stop tracking a store", tag: "tracking", params: shopSlugParamsSchema, success: { status: 200, schema: untrackShopResultSchema }, errors: [404] },
  "GET /api/store-detail/:slug/analytics": { summary: "Catalogue size and prices over time, and the 365-day change heat graph", tag: "tracking", params: shopSlugParamsSchema, success: { status: 200, description: "Analytics" }, errors: [404] },
  "GET /api/store-detail/:slug/inventory": { summary: "Units sold in the last 30 days and daily sales (best guess and range with basis, case and confidence; the sum of the products'), top sellers, the units-per-sale-day assumption where quantities are hidden, recent restocks, total_inventory", tag: "tracking", params: shopSlugParamsSchema, success: { status: 200, schema: inventorySummarySchema }, errors: [404] },
  "GET /api/store-detail/:slug/inventory/events": { summary: "Sale and restock events of the store, newest first", tag: "tracking", params: shopSlugParamsSchema, query: inventoryEventsQuerySchema, success: { status: 200, schema: paginatedSchema(inventoryEventSchema) }, errors: [400, 404] },
  "GET /api/store-detail/:slug/inventory/product/:shopifyId": { summary: "One product's units sold over the last 30 days and daily velocity (best guess and range with basis, case and confidence), its quantity history per variant, and its events", tag: "tracking", params: productParamsSchema, query: paginationQuerySchema, success: { status: 200, schema: productInventorySchema }, errors: [400, 404] },
  "GET /api/store-detail/:slug/compare": { summary: "Two snapshots compared: added, removed, changed by category (≤ 500 each)", tag: "tracking", params: shopSlugParamsSchema, query: compareQuerySchema, success: { status: 200, description: "Comparison" }, errors: [400, 404, 409] },
  "POST /api/admin/jobs/:id/retry": { summary: "Re-run a job as a new job (administrators; 503 storage_low while the server's disk is nearly full)", tag: "admin", params: jobIdParamsSchema, success: { status: 201, schema: jobEnvelope }, errors: [404, 503] },
};

const errorBody = {
  type: "object",
  required: ["error", "code"],
  properties: { error: { type: "string" }, code: { type: "string" }, issues: { type: "array", items: { type: "object" } } },
};

const schemaOf = (schema: z.ZodType, io: "input" | "output") => z.toJSONSchema(schema, { io, unrepresentable: "any" });

function security(access: AccessName) {
  const rule = ACCESS[access];
  const schemes = [
    ...(rule.apiKey ? [{ apiKey: [] }, { bearer: [] }] : []),
    ...(rule.session ? [{ session: [] }] : []),
    ...(rule.x402 ? [{ x402: [] }] : []),
    ...(rule.anonymous ? [{}] : []),
  ];

  return schemes;
}

function accessErrors(access: AccessName): number[] {
  const rule = ACCESS[access];
  if (rule.anonymous) return [401];

  return rule.x402 ? [401, 402, 403] : [401, 403];
}

function parameters(op: Operation) {
  const of = (schema: z.ZodObject | undefined, where: "path" | "query") =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => ({
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      schema: schemaOf(field as z.ZodType, "input"),
    }));

  return [...of(op.params, "path"), ...of(op.query, "query")];
}

/** The OpenAPI 3.1 document of the API (served at /api/openapi.json). */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const op = OPERATIONS[`${endpoint.method} ${endpoint.path}`];
    if (!op) continue;
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    const responses: Record<string, unknown> = {
      [op.success.status]: op.success.schema
        ? { description: op.summary, content: { "application/json": { schema: schemaOf(op.success.schema, "output") } } }
        : { description: op.success.description ?? op.summary },
    };
    for (const status of [...(op.errors ?? []), ...accessErrors(endpoint.access)]) {
      const special = op.errorSchemas?.[status];
      responses[status] = { description: `Error ${status}`, content: { "application/json": { schema: special ? schemaOf(special, "output") : errorBody } } };
    }
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      summary: op.summary,
      tags: [op.tag],
      security: security(endpoint.access),
      parameters: parameters(op),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(op.body, "input") } } } } : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.0",
    info: { title: "StoreLens API", version: packageJson.version, description: "Shopify store analysis: jobs, reports, directory. Any endpoint that needs the database may answer 503 database_unavailable with Retry-After while it cannot be reached." },
    servers: [{ url: getEnv().BASE_URL }],
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Legacy identity provider token" },
        session: { type: "apiKey", in: "cookie", name: "authjs.session-token" },
        x402: { type: "apiKey", in: "header", name: "X-PAYMENT", description: "x402 v1 payment proof (POST /api/jobs only)" },
      },
    },
    paths,
  };
}
