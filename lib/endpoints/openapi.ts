import { z } from "zod";
import packageJson from "@/package.json";
import { appNameParamsSchema, listAppsQuerySchema } from "@/lib/apps/app-directory";
import { appDetailSchema, appListSchema } from "@/lib/apps/schemas";
import { compareQuerySchema, snapshotComparisonSchema, storeAnalyticsSchema } from "@/lib/analytics/schemas";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeySchema, createdApiKeySchema, revokedApiKeySchema } from "@/lib/api-keys/schemas";
import { ACCESS, ENDPOINTS, type AccessName } from "@/lib/auth/access";
import {
  messageResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signUpResponseSchema,
  signUpSchema,
  verifyEmailSchema,
} from "@/lib/auth/schemas";
import {
  billingSummarySchema,
  checkoutSessionSchema,
  createCheckoutBodySchema,
  paymentRequiredBodySchema,
  planLimitReachedBodySchema,
  portalSessionSchema,
  trackedStoreLimitBodySchema,
  webhookReceiptSchema,
} from "@/lib/billing/schemas";
import { blogPostListQuerySchema, blogPostListSchema, blogPostSchema, blogSlugParamsSchema } from "@/lib/blog/schemas";
import { chatAnswerSchema, chatBodySchema, chatDailyLimitSchema, chatPerMinuteLimitSchema } from "@/lib/chat/schemas";
import { getEnv } from "@/lib/env";
import { freeExportQuerySchema } from "@/lib/export/schemas";
import { healthSchema } from "@/lib/health/schemas";
import { jsonRpcErrorSchema } from "@/lib/mcp/schemas";
import { errorBodySchema } from "@/lib/http/errors";
import { paginationQuerySchema } from "@/lib/http/pagination";
import {
  inventoryEventListSchema,
  inventoryEventsQuerySchema,
  inventorySummarySchema,
  productInventorySchema,
  productParamsSchema,
} from "@/lib/inventory/schemas";
import { createJobBodySchema, findJobQuerySchema, jobEnvelopeSchema, jobIdParamsSchema, jobStatusSchema } from "@/lib/jobs/schemas";
import { rateLimitedBodySchema } from "@/lib/limits/schemas";
import { jobPageSpeedSchema } from "@/lib/pagespeed/schemas";
import { changelogSchema } from "@/lib/changelog/schemas";
import { reportQuerySchema } from "@/lib/reports/get-report";
import { reportSchema } from "@/lib/reports/schemas";
import { listStoresQuerySchema, storeListSchema, storePageQuerySchema, storePageSchema, storeSlugParamsSchema } from "@/lib/store-directory/schemas";
import {
  trackedStoreParamsSchema,
  trackedStoreListSchema,
  trackStoreBodySchema,
  trackStoreResultSchema,
  untrackStoreResultSchema,
} from "@/lib/tracking/schemas";
import { NAMED_SCHEMAS } from "./openapi-schemas";

/**
 * Response headers the document describes (components.headers). An answer names the ones it
 * carries in its operation's `headers`; a new header is one entry here and its name there.
 */
const HEADERS = {
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer", minimum: 0 } },
  ETag: { description: "Strong validator of the body; send it back in If-None-Match for a 304", schema: { type: "string" } },
  "Cache-Control": { description: "immutable by job id; briefly cacheable by slug or payment id", schema: { type: "string" } },
  "Content-Disposition": { description: "attachment; the file name of the download", schema: { type: "string" } },
  "PAYMENT-REQUIRED": {
    description: "x402 v2 PaymentRequired (base64 JSON: CAIP-2 networks, Bazaar discovery); the body holds the v1 requirements",
    schema: { type: "string", contentEncoding: "base64" },
  },
  "PAYMENT-RESPONSE": {
    description: "x402 v2 settle response (base64 JSON), when the job was paid with PAYMENT-SIGNATURE or X-PAYMENT",
    schema: { type: "string", contentEncoding: "base64" },
  },
  "X-PAYMENT-RESPONSE": {
    description: "x402 v1 settlement receipt (base64 JSON: success, transaction, network, payer), when the job was paid with X-PAYMENT",
    schema: { type: "string" },
  },
} satisfies Record<string, { description: string; schema: Record<string, unknown> }>;
type HeaderName = keyof typeof HEADERS;

/** Request headers an operation may declare: a paying caller's x402 proofs (docs/decisions.md §8.5), v2 then v1. */
const REQUEST_HEADERS = {
  "PAYMENT-SIGNATURE": "x402 v2 payment payload (instead of an API key)",
  "X-PAYMENT": "x402 v1 payment proof (instead of an API key)",
} as const;
type RequestHeaderName = keyof typeof REQUEST_HEADERS;

/** A body that is not JSON (streams, downloads, this document), described by media type. */
type RawContent = Record<string, { schema: Record<string, unknown> }>;

type Operation = {
  /** Stable camelCase name generated clients call the operation by; never renamed silently. */
  operationId: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and its body: a zod schema (JSON), or raw content for other media types. */
  success: { status: number; schema?: z.ZodType; content?: RawContent; description?: string };
  /** Answers besides success and errors (a 304 revalidation). */
  other?: Record<number, string>;
  /** Documented error statuses besides the access ones, 429 and 503 (every operation has those). */
  errors?: number[];
  /** Error statuses whose body is not the common Error: one schema, or several (oneOf). */
  errorSchemas?: Record<number, z.ZodType | z.ZodType[]>;
  /** Request headers the operation reads besides credentials (REQUEST_HEADERS). */
  requestHeaders?: RequestHeaderName[];
  /** Headers by status, besides Retry-After on every 429 and 503. */
  headers?: Record<number, HeaderName[]>;
  /** Not subject to the per-address cooldown (load-balancer probes): no 429. */
  ipCooldown?: false;
};

const json = { type: "object", description: "JSON document" };

/**
 * The API's operations, from the same zod schemas the routes validate with and their answers
 * are typed by. Keyed like ENDPOINTS ("METHOD /path"); a test keeps the two lists identical.
 */
export const OPERATIONS: Record<string, Operation> = {
  "GET /api/health": { operationId: "getHealth", summary: "Liveness, database driver, workflow engine, version; status ok, or degraded with reasons (storage_low: no new jobs, steps wait); 503 when the database is unreachable", tag: "system", success: { status: 200, schema: healthSchema }, ipCooldown: false },
  "POST /api/jobs": {
    operationId: "createJob",
    summary: "Submit a store domain for analysis (402 payment_required with the x402 v1 payment body for a caller without credentials, or plan_limit_reached when the plan has no job left; 403 email_unverified until the account confirms its e-mail, when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low with Retry-After while the server's disk is nearly full; 503 settlement_unknown with Retry-After when the x402 facilitator did not answer a settlement: send the same payment again)",
    tag: "jobs",
    body: createJobBodySchema,
    success: { status: 201, schema: jobEnvelopeSchema },
    errors: [400, 403],
    errorSchemas: { 402: [paymentRequiredBodySchema, planLimitReachedBodySchema] },
    requestHeaders: ["PAYMENT-SIGNATURE", "X-PAYMENT"],
    headers: { 201: ["PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE"], 402: ["PAYMENT-REQUIRED"] },
  },
  "GET /api/jobs": { operationId: "findJob", summary: "Find a job by id or by store domain (latest)", tag: "jobs", query: findJobQuerySchema, success: { status: 200, schema: jobEnvelopeSchema }, errors: [400, 404] },
  "GET /api/jobs/:id": { operationId: "getJob", summary: "Job details", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, schema: jobEnvelopeSchema }, errors: [404] },
  "GET /api/jobs/:id/status": { operationId: "getJobStatus", summary: "Job status and progress (for polling)", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, schema: jobStatusSchema }, errors: [404] },
  "GET /api/jobs/:id/events": {
    operationId: "streamJobEvents",
    summary: "Progress as Server-Sent Events (fallback of /api/ws/:jobId); 429 when this address has its share of open progress connections, 503 when the server has all it takes",
    tag: "jobs",
    params: jobIdParamsSchema,
    success: { status: 200, content: { "text/event-stream": { schema: { type: "string", description: "progress, completed and failed messages, each a JSON data line" } } } },
    errors: [404],
    errorSchemas: { 429: [rateLimitedBodySchema, errorBodySchema] },
  },
  "GET /api/reports/:id": {
    operationId: "getReport",
    summary: "The full report: products, collections, pages, metadata (gzip/br, ETag, 304); with products_page or products_per_page, one page of products and products_pagination. A completed report's answers never change (same bytes and ETag); 410 once an operator purged it",
    tag: "reports",
    params: z.object({ id: z.string().describe("Job id, Stripe Checkout Session id, or store slug") }),
    query: reportQuerySchema,
    success: { status: 200, schema: reportSchema },
    other: { 304: "Not modified (If-None-Match matched the ETag)" },
    errors: [400, 404, 410],
    headers: { 200: ["ETag", "Cache-Control"], 304: ["ETag", "Cache-Control"] },
  },
  "GET /api/pagespeed/:jobId": { operationId: "getPageSpeed", summary: "PageSpeed audits (mobile, desktop) of a job", tag: "reports", params: z.object({ jobId: z.string() }), success: { status: 200, schema: jobPageSpeedSchema }, errors: [404] },
  "GET /api/changelog/:jobId": { operationId: "getChangelog", summary: "Changes since the store's previous completed snapshot, paginated (never changes once the job completed; 410 once its report was purged)", tag: "reports", params: z.object({ jobId: z.string() }), query: paginationQuerySchema, success: { status: 200, schema: changelogSchema }, errors: [400, 404, 410] },
  "GET /api/stores": { operationId: "listStores", summary: "The store directory", tag: "directory", query: listStoresQuerySchema, success: { status: 200, schema: storeListSchema }, errors: [400] },
  "GET /api/stores/:slug": { operationId: "getStore", summary: "A store's public page data: SEO content, summary, prices, a page of products, collections, theme, apps, PageSpeed", tag: "directory", params: storeSlugParamsSchema, query: storePageQuerySchema, success: { status: 200, schema: storePageSchema }, errors: [400, 404] },
  "GET /api/apps": { operationId: "listApps", summary: "The app directory", tag: "directory", query: listAppsQuerySchema, success: { status: 200, schema: appListSchema }, errors: [400] },
  "GET /api/apps/:name": { operationId: "getApp", summary: "One app and stores seen running it", tag: "directory", params: appNameParamsSchema, success: { status: 200, schema: appDetailSchema }, errors: [404] },
  "GET /api/api-keys": { operationId: "listApiKeys", summary: "List your API keys", tag: "account", success: { status: 200, schema: apiKeyListSchema } },
  "POST /api/api-keys": { operationId: "createApiKey", summary: "Create an API key (the raw key is returned only now)", tag: "account", body: createApiKeySchema, success: { status: 201, schema: createdApiKeySchema }, errors: [400] },
  "DELETE /api/api-keys/:id": { operationId: "revokeApiKey", summary: "Revoke an API key (effective on the next request)", tag: "account", params: apiKeyParamsSchema, success: { status: 200, schema: revokedApiKeySchema }, errors: [404] },
  "POST /api/auth/sign-up": { operationId: "signUp", summary: "Create an account with e-mail and password; the same answer whether or not the address already has an account (its owner is told by e-mail). 429 after too many attempts per minute", tag: "account", body: signUpSchema, success: { status: 202, schema: signUpResponseSchema }, errors: [400] },
  "POST /api/auth/verify-email": { operationId: "verifyEmail", summary: "Confirm the account's e-mail with the token of its link (single use, 24 hours)", tag: "account", body: verifyEmailSchema, success: { status: 200, schema: messageResponseSchema }, errors: [400] },
  "POST /api/auth/verify-email/resend": { operationId: "resendVerificationEmail", summary: "Mail a new confirmation link to the account's e-mail (3 per hour)", tag: "account", success: { status: 202, schema: messageResponseSchema } },
  "POST /api/auth/reset-password": { operationId: "requestPasswordReset", summary: "E-mail a single-use password reset link (the same answer whether or not the account exists). 429 after too many attempts per minute", tag: "account", body: passwordResetRequestSchema, success: { status: 202, schema: messageResponseSchema }, errors: [400] },
  "POST /api/auth/reset-password/confirm": { operationId: "confirmPasswordReset", summary: "Set a new password with a reset token; signs the account out everywhere", tag: "account", body: passwordResetSchema, success: { status: 200, schema: messageResponseSchema }, errors: [400] },
  "GET /api/openapi.json": { operationId: "getOpenApiDocument", summary: "This document (OpenAPI 3.1)", tag: "system", success: { status: 200, content: { "application/json": { schema: json } } } },
  "GET /api/billing": { operationId: "getBilling", summary: "Your plan, this month's Free usage, job credits and subscription", tag: "billing", success: { status: 200, schema: billingSummarySchema } },
  "POST /api/billing/checkout": { operationId: "createCheckoutSession", summary: "Start a Stripe Checkout for single_report (no account needed with a domain) or pro_monthly (signed in)", tag: "billing", body: createCheckoutBodySchema, success: { status: 201, schema: checkoutSessionSchema }, errors: [400] },
  "POST /api/billing/portal": { operationId: "createPortalSession", summary: "Open the Stripe billing portal (manage or cancel the subscription)", tag: "billing", success: { status: 201, schema: portalSessionSchema }, errors: [404] },
  "POST /api/stripe/webhook": { operationId: "receiveStripeWebhook", summary: "Stripe events (signature verified on the raw body; each event id applied once)", tag: "billing", success: { status: 200, schema: webhookReceiptSchema }, errors: [400, 413] },
  "POST /api/chat": {
    operationId: "chat",
    summary: "Ask about a store; answered from StoreLens data (JSON, or server-sent events with stream: true). Metered: 429 per minute or per day",
    tag: "chat",
    body: chatBodySchema,
    success: { status: 200, schema: chatAnswerSchema, content: { "text/event-stream": { schema: { type: "string", description: "with stream: true" } } } },
    errors: [400, 404, 502, 504],
    errorSchemas: { 429: [chatPerMinuteLimitSchema, chatDailyLimitSchema, rateLimitedBodySchema] },
  },
  "GET /api/free-export": {
    operationId: "exportProducts",
    summary: "The products of any analysed store's latest completed report as Shopify's product import CSV or as JSON (streamed download); publication does not matter",
    tag: "directory",
    query: freeExportQuerySchema,
    success: {
      status: 200,
      content: {
        "text/csv": { schema: { type: "string", description: "Shopify product import template; a cell that could start a spreadsheet formula is prefixed with '" } },
        "application/json": { schema: { $ref: "#/components/schemas/FreeExport" } },
      },
    },
    errors: [400, 404],
    headers: { 200: ["Content-Disposition"] },
  },
  "GET /api/blog": { operationId: "listBlogPosts", summary: "Published blog posts, newest first", tag: "blog", query: blogPostListQuerySchema, success: { status: 200, schema: blogPostListSchema }, errors: [400] },
  "GET /api/blog/:slug": { operationId: "getBlogPost", summary: "One published blog post (Markdown and sanitized HTML)", tag: "blog", params: blogSlugParamsSchema, success: { status: 200, schema: blogPostSchema }, errors: [404] },
  "GET /api/shops": { operationId: "listTrackedStores", summary: "Your tracked shops: store, latest job, last and next check", tag: "tracking", query: paginationQuerySchema, success: { status: 200, schema: trackedStoreListSchema }, errors: [400] },
  "POST /api/shops": {
    operationId: "trackStore",
    summary: "Track a store; idempotent. Its first analysis, unless a recent one exists, is charged like POST /api/jobs (402 plan_limit_reached, and nothing tracked, when the plan has no job left; 402 tracked_shop_limit; 403 email_unverified when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low while the server's disk is nearly full)",
    tag: "tracking",
    body: trackStoreBodySchema,
    success: { status: 201, schema: trackStoreResultSchema },
    errors: [400, 403],
    errorSchemas: { 402: [planLimitReachedBodySchema, trackedStoreLimitBodySchema] },
  },
  "DELETE /api/shops/:slug": { operationId: "untrackStore", summary: "Stop tracking a store", tag: "tracking", params: trackedStoreParamsSchema, success: { status: 200, schema: untrackStoreResultSchema }, errors: [404] },
  "GET /api/store-detail/:slug/analytics": { operationId: "getStoreAnalytics", summary: "Catalogue size and prices over time, and the 365-day change heat graph", tag: "tracking", params: trackedStoreParamsSchema, success: { status: 200, schema: storeAnalyticsSchema }, errors: [404] },
  "GET /api/store-detail/:slug/inventory": { operationId: "getInventorySummary", summary: "Units sold in the last 30 days and daily sales (best guess and range with basis, case and confidence; the sum of the products'), top sellers, the units-per-sale-day assumption where quantities are hidden, recent restocks, total_inventory", tag: "tracking", params: trackedStoreParamsSchema, success: { status: 200, schema: inventorySummarySchema }, errors: [404] },
  "GET /api/store-detail/:slug/inventory/events": { operationId: "listInventoryEvents", summary: "Sale and restock events of the store, newest first", tag: "tracking", params: trackedStoreParamsSchema, query: inventoryEventsQuerySchema, success: { status: 200, schema: inventoryEventListSchema }, errors: [400, 404] },
  "GET /api/store-detail/:slug/inventory/product/:shopifyId": { operationId: "getProductInventory", summary: "One product's units sold over the last 30 days and daily velocity (best guess and range with basis, case and confidence), its quantity history per variant, and its events", tag: "tracking", params: productParamsSchema, query: paginationQuerySchema, success: { status: 200, schema: productInventorySchema }, errors: [400, 404] },
  "GET /api/store-detail/:slug/compare": { operationId: "compareSnapshots", summary: "Two snapshots compared: added, removed, changed by category (≤ 500 each)", tag: "tracking", params: trackedStoreParamsSchema, query: compareQuerySchema, success: { status: 200, schema: snapshotComparisonSchema }, errors: [400, 404, 409] },
  "POST /api/admin/jobs/:id/retry": { operationId: "retryJob", summary: "Re-run a job as a new job (administrators; 503 storage_low while the server's disk is nearly full)", tag: "admin", params: jobIdParamsSchema, success: { status: 201, schema: jobEnvelopeSchema }, errors: [404] },
  "POST /api/mcp": {
    operationId: "mcp",
    summary: "The MCP server (Streamable HTTP, stateless; JSON-RPC 2.0, malformed messages answered as JSON-RPC errors): tools to search the store directory, read a store, a report (paged), a changelog, apps and a job's status, analyze a store (charged like POST /api/jobs; without an API key the tool answers payment_required with the x402 requirements), your tracked shops (API key or session) and, as GET /api/store-detail/* (session only), their inventory, analytics and snapshot comparison. Authenticate with Authorization: Bearer <key> or X-API-Key",
    tag: "mcp",
    success: { status: 200, description: "A JSON-RPC response", content: { "application/json": { schema: { type: "object" } }, "text/event-stream": { schema: { type: "string" } } } },
    errors: [413],
    // The SDK and our batch refusal answer these as JSON-RPC errors, not with the error body.
    errorSchemas: { 400: jsonRpcErrorSchema, 406: jsonRpcErrorSchema },
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: `issues` names each bad field",
  401: "Missing or invalid credentials",
  402: "Payment required",
  403: "Forbidden for these credentials",
  404: "Not found",
  406: "Not acceptable: the Accept header must name application/json and text/event-stream",
  409: "Conflict",
  410: "Gone: purged by an operator",
  413: "Body too large",
  429: "Rate limited: wait at least Retry-After seconds (with ±10% jitter); give up after 3 in a row",
  502: "The model failed",
  503: "Unavailable: database_unavailable, storage_low, slug_unavailable, an x402 settlement of unknown outcome (reason settlement_unknown: send the same payment again) or a service not configured; retry after Retry-After",
  504: "The model timed out",
};

const REF_PREFIX = "#/components/schemas/";

/**
 * Every response schema converted in one pass over a registry of the named shapes plus each
 * operation's unnamed ones, so a named shape anywhere inside an answer becomes a `$ref`.
 */
function convertResponseSchemas() {
  const registry = z.registry<{ id: string }>();
  const idOf = new Map<z.ZodType, string>();
  const register = (schema: z.ZodType, id: string) => {
    if (idOf.has(schema)) return;
    registry.add(schema, { id });
    idOf.set(schema, id);
  };
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) register(schema, id);
  for (const op of Object.values(OPERATIONS)) {
    const answers = [op.success.schema, ...Object.values(op.errorSchemas ?? {}).flat()];
    answers.forEach((schema, i) => schema && register(schema, `inline.${op.operationId}.${i}`));
  }
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `${REF_PREFIX}${id}`, io: "output", unrepresentable: "any" });
  const clean = (id: string) => {
    const { $schema: _schema, $id: _id, ...rest } = schemas[id] as Record<string, unknown>;

    return rest;
  };
  const schemaOf = (schema: z.ZodType): Record<string, unknown> => {
    const id = idOf.get(schema)!;

    return id in NAMED_SCHEMAS ? { $ref: `${REF_PREFIX}${id}` } : clean(id);
  };

  return { components: Object.fromEntries(Object.keys(NAMED_SCHEMAS).map((id) => [id, clean(id)])), schemaOf };
}

const inputSchemaOf = (schema: z.ZodType) => {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

  return rest;
};

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
      schema: inputSchemaOf(field as z.ZodType),
    }));

  const headers = (op.requestHeaders ?? []).map((name) => ({
    name,
    in: "header",
    required: false,
    description: REQUEST_HEADERS[name],
    schema: { type: "string", contentEncoding: "base64" },
  }));

  return [...of(op.params, "path"), ...of(op.query, "query"), ...headers];
}

const headerRefs = (names: HeaderName[] = []) =>
  names.length ? { headers: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }])) } : {};

function responses(op: Operation, access: AccessName, schemaOf: (schema: z.ZodType) => Record<string, unknown>) {
  const { success } = op;
  const content = { ...(success.schema ? { "application/json": { schema: schemaOf(success.schema) } } : {}), ...success.content };
  const out: Record<string, unknown> = {
    [success.status]: { description: success.description ?? op.summary, ...headerRefs(op.headers?.[success.status]), content },
  };
  for (const [status, description] of Object.entries(op.other ?? {})) {
    out[status] = { description, ...headerRefs(op.headers?.[Number(status)]) };
  }
  const statuses = new Set([...(op.errors ?? []), ...accessErrors(access), ...Object.keys(op.errorSchemas ?? {}).map(Number), 503]);
  if (op.ipCooldown !== false) statuses.add(429);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const special = op.errorSchemas?.[status] ?? (status === 429 ? rateLimitedBodySchema : status === 402 ? paymentRequiredBodySchema : undefined);
    const schema = Array.isArray(special) ? { oneOf: special.map(schemaOf) } : schemaOf(special ?? errorBodySchema);
    const headers: HeaderName[] = [...(status === 429 || status === 503 ? (["Retry-After"] as const) : []), ...(op.headers?.[status] ?? [])];
    out[status] = { description: ERROR_DESCRIPTIONS[status] ?? `Error ${status}`, ...headerRefs(headers), content: { "application/json": { schema } } };
  }

  return out;
}

/** The OpenAPI 3.1 document of the API (served at /api/openapi.json). */
export function buildOpenApiDocument() {
  const { components, schemaOf } = convertResponseSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const op = OPERATIONS[`${endpoint.method} ${endpoint.path}`];
    if (!op) continue;
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      security: security(endpoint.access),
      parameters: parameters(op),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: inputSchemaOf(op.body) } } } } : {}),
      responses: responses(op, endpoint.access, schemaOf),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "StoreLens API",
      version: packageJson.version,
      description:
        "Shopify store analysis: jobs, reports, directory. Any endpoint that needs the database may answer 503 database_unavailable with Retry-After while it cannot be reached. Breaking changes are listed in the dated API changelog (docs/api-changelog.md, served at /docs/changelog).",
    },
    servers: [{ url: getEnv().BASE_URL }],
    components: {
      schemas: components,
      headers: HEADERS,
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Legacy identity provider token" },
        session: { type: "apiKey", in: "cookie", name: "authjs.session-token" },
        x402: { type: "apiKey", in: "header", name: "X-PAYMENT", description: "x402 payment (POST /api/jobs only): v1 proof in X-PAYMENT, or v2 payload in PAYMENT-SIGNATURE" },
      },
    },
    paths,
  };
}
