import { z } from "zod";
import packageJson from "@/package.json";
import { appNameParamsSchema, listAppsQuerySchema } from "@/lib/apps/app-directory";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeySchema, createdApiKeySchema, revokedApiKeySchema } from "@/lib/api-keys/schemas";
import { ACCESS, ENDPOINTS, type AccessName } from "@/lib/auth/access";
import { getEnv } from "@/lib/env";
import { createJobBodySchema, findJobQuerySchema, jobIdParamsSchema, jobSchema, jobStatusSchema } from "@/lib/jobs/job-schemas";
import { paginatedSchema } from "./pagination";
import { listStoresQuerySchema, storeSlugParamsSchema, storeSummarySchema } from "@/lib/stores/store-schemas";

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
};

const jobEnvelope = z.object({ job: jobSchema });
const jobIdParam = z.object({ jobId: z.string() });
const reportIdParam = z.object({ id: z.string().describe("Job id, Stripe Checkout Session id, or store slug") });

/**
 * The API's operations, from the same zod schemas the routes validate with. Keyed like
 * ENDPOINTS ("METHOD /path"); a test keeps the two lists identical.
 */
export const OPERATIONS: Record<string, Operation> = {
  "GET /api/health": { summary: "Liveness, database driver, workflow engine, version", tag: "system", success: { status: 200, description: "Health" } },
  "POST /api/jobs": { summary: "Submit a store domain for analysis", tag: "jobs", body: createJobBodySchema, success: { status: 201, schema: jobEnvelope }, errors: [400] },
  "GET /api/jobs": { summary: "Find a job by id or by store domain (latest)", tag: "jobs", query: findJobQuerySchema, success: { status: 200, schema: jobEnvelope }, errors: [400, 404] },
  "GET /api/jobs/:id": { summary: "Job details", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, schema: jobEnvelope }, errors: [404] },
  "GET /api/jobs/:id/status": { summary: "Job status and progress (for polling)", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, schema: jobStatusSchema }, errors: [404] },
  "GET /api/jobs/:id/events": { summary: "Progress as Server-Sent Events (fallback of /api/ws/:jobId)", tag: "jobs", params: jobIdParamsSchema, success: { status: 200, description: "text/event-stream of progress, completed and failed messages" }, errors: [404] },
  "GET /api/reports/:id": { summary: "The full report: products, collections, pages, metadata", tag: "reports", params: reportIdParam, success: { status: 200, description: "Report" }, errors: [404] },
  "GET /api/pagespeed/:jobId": { summary: "PageSpeed audits (mobile, desktop) of a job", tag: "reports", params: jobIdParam, success: { status: 200, description: "Audits" }, errors: [404] },
  "GET /api/changelog/:jobId": { summary: "Changes since the store's previous completed snapshot", tag: "reports", params: jobIdParam, success: { status: 200, description: "Changelog entries" }, errors: [404] },
  "GET /api/stores": { summary: "The store directory", tag: "directory", query: listStoresQuerySchema, success: { status: 200, schema: paginatedSchema(storeSummarySchema) }, errors: [400] },
  "GET /api/stores/:slug": { summary: "A store's public page data: SEO content, products, collections, apps", tag: "directory", params: storeSlugParamsSchema, success: { status: 200, description: "Store page" }, errors: [404] },
  "GET /api/apps": { summary: "The app directory", tag: "directory", query: listAppsQuerySchema, success: { status: 200, description: "Apps with store counts" } },
  "GET /api/apps/:name": { summary: "One app and stores seen running it", tag: "directory", params: appNameParamsSchema, success: { status: 200, description: "App" }, errors: [404] },
  "GET /api/api-keys": { summary: "List your API keys", tag: "account", success: { status: 200, schema: apiKeyListSchema } },
  "POST /api/api-keys": { summary: "Create an API key (the raw key is returned only now)", tag: "account", body: createApiKeySchema, success: { status: 201, schema: createdApiKeySchema }, errors: [400] },
  "DELETE /api/api-keys/:id": { summary: "Revoke an API key (effective on the next request)", tag: "account", params: apiKeyParamsSchema, success: { status: 200, schema: revokedApiKeySchema }, errors: [404] },
  "POST /api/auth/sign-up": { summary: "Create an account with e-mail and password", tag: "account", success: { status: 201, description: "Account created" }, errors: [400, 409] },
  "POST /api/auth/reset-password": { summary: "E-mail a single-use password reset link", tag: "account", success: { status: 202, description: "Accepted" }, errors: [400] },
  "POST /api/auth/reset-password/confirm": { summary: "Set a new password with a reset token", tag: "account", success: { status: 200, description: "Password changed" }, errors: [400] },
  "GET /api/openapi.json": { summary: "This document", tag: "system", success: { status: 200, description: "OpenAPI 3.1" } },
  "POST /api/admin/jobs/:id/retry": { summary: "Re-run a job as a new job (administrators)", tag: "admin", params: jobIdParamsSchema, success: { status: 201, schema: jobEnvelope }, errors: [404] },
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
      responses[status] = { description: `Error ${status}`, content: { "application/json": { schema: errorBody } } };
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
    info: { title: "StoreLens API", version: packageJson.version, description: "Shopify store analysis: jobs, reports, directory." },
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
