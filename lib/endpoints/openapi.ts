import { z } from "zod";
import packageJson from "@/package.json";
import { ACCESS, type AccessName, type AccessRule } from "@/lib/auth/access";
import { paymentRequiredBodySchema } from "@/lib/jobs/schemas";
import { getEnv } from "@/lib/env";
import type { Answer, ApiTag, Endpoint, HttpMethod, RequestHeaderName, ResponseHeaderName } from "@/lib/http/define-endpoint";
import { errorBodySchema } from "@/lib/http/errors";
import { rateLimitedBodySchema } from "@/lib/limits/schemas";
import { NAMED_SCHEMAS } from "./openapi-schemas";
import { ENDPOINTS } from "./registry";

/**
 * Response headers the document describes (components.headers). An answer names the ones it
 * carries in its declaration's `headers`; a new header is a name in ResponseHeaderName
 * (lib/http/define-endpoint.ts) and its entry here. `required`: every answer that names it
 * carries it (lib/endpoints/document-is-the-server.test.ts holds the server to that); the
 * x402 receipts only come on a paid job.
 */
const HEADERS = {
  "Retry-After": { description: "Seconds to wait before retrying", required: true, schema: { type: "integer", minimum: 0 } },
  ETag: {
    description: "Strong validator of the body; send it back in If-None-Match for a 304",
    required: true,
    schema: { type: "string" },
  },
  "Cache-Control": {
    required: true,
    description: "by job id: cached 5 minutes, then revalidated with the ETag (a report can be purged); by slug or payment id: 60 seconds",
    schema: { type: "string" },
  },
  "Content-Disposition": { description: "attachment; the file name of the download", required: true, schema: { type: "string" } },
  "PAYMENT-REQUIRED": {
    required: true,
    description: "x402 v2 PaymentRequired (base64 JSON: CAIP-2 networks, Bazaar discovery); the body holds the v1 requirements",
    schema: { type: "string", contentEncoding: "base64" },
  },
  "PAYMENT-RESPONSE": {
    required: false,
    description: "x402 v2 settle response (base64 JSON), when the job was paid with PAYMENT-SIGNATURE or X-PAYMENT",
    schema: { type: "string", contentEncoding: "base64" },
  },
  "X-PAYMENT-RESPONSE": {
    required: false,
    description: "x402 v1 settlement receipt (base64 JSON: success, transaction, network, payer), when the job was paid with X-PAYMENT",
    schema: { type: "string" },
  },
} satisfies Record<ResponseHeaderName, { description: string; required: boolean; schema: Record<string, unknown> }>;

/**
 * A 503's Retry-After: sent while the database, the disk or a payment settles; absent when a
 * service is not configured on this server (retrying will not help).
 */
const UNAVAILABLE_RETRY_AFTER = {
  description:
    "Seconds to wait before retrying; absent when the service the request needs is not configured on this server (code unavailable), which retrying will not change",
  required: false,
  schema: { type: "integer", minimum: 0 },
};

/**
 * Request headers a declaration may name: a paying caller's x402 proofs (docs/decisions.md
 * §8.5), v2 then v1; Stripe's signature, without which a webhook is refused with 400.
 */
const REQUEST_HEADERS = {
  "PAYMENT-SIGNATURE": {
    description: "x402 v2 payment payload (instead of an API key)",
    required: false,
    schema: { type: "string", contentEncoding: "base64" },
  },
  "X-PAYMENT": {
    description: "x402 v1 payment proof (instead of an API key)",
    required: false,
    schema: { type: "string", contentEncoding: "base64" },
  },
  "Stripe-Signature": {
    description:
      "Stripe's signature of the raw body (`t=<timestamp>,v1=<HMAC-SHA256>`) with the endpoint's signing secret; missing or wrong: 400",
    required: true,
    schema: { type: "string", minLength: 1 },
  },
} as const satisfies Record<RequestHeaderName, { description: string; required: boolean; schema: Record<string, unknown> }>;

/** The document's top-level tags, in the order a reader meets them; every declaration names one. */
const TAGS = {
  system: "Health of the service and this document",
  account: "Sign-up, e-mail confirmation, password reset and API keys",
  jobs: "Submit a store for analysis and follow its job (polling, Server-Sent Events)",
  batches: "Many stores analyzed as one batch, and its results as a file",
  reports: "A completed analysis: the report, its PageSpeed audits, changelog and exports",
  directory: "The public directory of analyzed stores, apps and themes, and its exports",
  billing: "Plans, Stripe Checkout and portal, and Stripe's webhook",
  admin: "Operator endpoints (administrators only)",
  chat: "Questions about a store answered from StoreLens data (metered)",
  blog: "Published blog posts",
  tracking: "Tracked stores: their analytics, inventory, catalog events, alerts and webhooks",
  lists: "Saved lists of stores (segments or hand-picked) and what changed in them",
  mcp: "The MCP server for AI agents (Streamable HTTP)",
} as const satisfies Record<ApiTag, string>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: `issues` names each bad field (a path parameter, query or body field past its schema, or text that cannot be stored: NUL, a lone surrogate, a percent-escape that is not UTF-8)",
  401: "Missing or invalid credentials",
  402: "Payment required",
  403: "Forbidden for these credentials",
  404: "Not found",
  406: "Not acceptable: the Accept header must name application/json and text/event-stream",
  409: "Conflict",
  410: "Gone: purged by an operator",
  413: "Body too large",
  429: "Rate limited (`limit_type` names the limit hit): wait at least Retry-After seconds (with ±10% jitter); give up after 3 in a row",
  502: "The model failed",
  503: "Unavailable: database_unavailable, storage_low, slug_unavailable, an x402 settlement of unknown outcome (reason settlement_unknown: send the same payment again), an x402 payment whose identifier names one still being processed (reason payment_in_progress) or a service not configured; retry after Retry-After",
  504: "The model timed out",
};

const REF_PREFIX = "#/components/schemas/";

/** An endpoint's declared answers by status, "error" spelled out as an answer with no schema of its own. */
function answersOf(endpoint: Endpoint): [number, Answer][] {
  return Object.entries(endpoint.answers).map(([status, answer]) => [Number(status), answer === "error" ? {} : answer]);
}

const schemasOf = (answer: Answer): readonly z.ZodType[] =>
  answer.schema === undefined ? [] : Array.isArray(answer.schema) ? answer.schema : [answer.schema as z.ZodType];

/**
 * Every response schema converted in one pass over a registry of the named shapes plus each
 * endpoint's unnamed ones, so a named shape anywhere inside an answer becomes a `$ref`.
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
  for (const endpoint of ENDPOINTS) {
    const answers = answersOf(endpoint).flatMap(([, answer]) => schemasOf(answer));
    answers.forEach((schema, i) => register(schema, `inline.${endpoint.operationId}.${i}`));
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

const STATE_CHANGING: readonly HttpMethod[] = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * The refusals of the access wrapper (lib/endpoints/route.ts): 401 for credentials that are
 * not real (under every rule, anonymous ones too), 402 where payment is taken, 403 under a
 * rule that needs an account (a caller kind it refuses, an administrator rule's other users,
 * an unconfirmed e-mail) and for a session's state-changing request from another origin.
 */
function accessErrors(endpoint: Endpoint<AccessName>): number[] {
  const rule: AccessRule = ACCESS[endpoint.access];
  const forbidden = !rule.anonymous || (rule.session && STATE_CHANGING.includes(endpoint.method));

  return [401, ...(rule.x402 ? [402] : []), ...(forbidden ? [403] : [])];
}

/** Who may call, in words, from the access rule: the start of every operation's description. */
function callers(endpoint: Endpoint<AccessName>): string {
  const rule: AccessRule = ACCESS[endpoint.access];
  if (rule.admin) return "Administrators only: a signed-in session whose user is an operator (ADMIN_USER_IDS); anyone else gets 403.";
  const kinds = [
    ...(rule.apiKey ? ["an API key (X-API-Key, or Authorization: Bearer)"] : []),
    ...(rule.session ? ["the signed-in session cookie"] : []),
    ...(rule.x402 ? ["an x402 payment (PAYMENT-SIGNATURE or X-PAYMENT)"] : []),
  ];
  const who = rule.anonymous
    ? `Anyone may call it without credentials; ${kinds.join(" or ")} is accepted too, and credentials that are not real are refused with 401.`
    : `Needs ${kinds.join(" or ")}: 401 without credentials${rule.x402 ? ` (402 with the payment offer${rule.pricedByBody ? ", priced by the body, which is checked first" : ""})` : ""}${!rule.apiKey ? ", 403 with an API key" : ""}.`;
  const origin =
    rule.session && STATE_CHANGING.includes(endpoint.method)
      ? " A session's request must come from this site's origin (403 otherwise); other origins authenticate with an API key."
      : "";

  return `${who}${origin}`;
}

/**
 * What every operation's description says: its declaration's own text, then who may call it
 * and what the access wrapper refuses. The refusals every route shares (400, 429, 503) are
 * their responses' descriptions.
 */
function descriptionOf(endpoint: Endpoint<AccessName>): string {
  return [endpoint.description, callers(endpoint)].filter(Boolean).join("\n\n");
}

function parameters(endpoint: Endpoint) {
  const of = (schema: z.ZodObject | undefined, where: "path" | "query") =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => {
      const { description, ...rest } = inputSchemaOf(field as z.ZodType);

      return {
        name,
        in: where,
        required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
        // A parameter's description is read beside its name, where tools show it, not inside its schema.
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      };
    });

  const headers = (endpoint.requestHeaders ?? []).map((name) => ({ name, in: "header", ...REQUEST_HEADERS[name] }));

  return [...of(endpoint.params, "path"), ...of(endpoint.query, "query"), ...headers];
}

const headerRefs = (names: readonly ResponseHeaderName[] = []) =>
  names.length ? { headers: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }])) } : {};

function responses(endpoint: Endpoint<AccessName>, schemaOf: (schema: z.ZodType) => Record<string, unknown>) {
  const declared = new Map(answersOf(endpoint));
  const out: Record<string, unknown> = {};
  for (const [status, answer] of declared) {
    if (status >= 400) continue;
    const json = schemasOf(answer).map(schemaOf);
    const content = {
      ...(json.length ? { "application/json": { schema: json.length > 1 ? { oneOf: json } : json[0] } } : {}),
      ...answer.content,
    };
    out[status] = {
      description: answer.description ?? endpoint.summary,
      ...headerRefs(answer.headers),
      ...(Object.keys(content).length ? { content } : {}),
    };
  }
  const errors = new Set([...declared.keys()].filter((status) => status >= 400));
  // 400: every route checks its path and query for text it cannot store, whatever it declares.
  for (const status of [400, ...accessErrors(endpoint), 503]) errors.add(status);
  if (endpoint.ipCooldown !== false) errors.add(429);
  for (const status of [...errors].sort((a, b) => a - b)) {
    const answer = declared.get(status) ?? {};
    const declaredSchemas = schemasOf(answer);
    const usual = status === 429 ? rateLimitedBodySchema : status === 402 ? paymentRequiredBodySchema : errorBodySchema;
    const schema =
      answer.schema === undefined
        ? schemaOf(usual)
        : Array.isArray(answer.schema)
          ? { oneOf: declaredSchemas.map(schemaOf) }
          : schemaOf(declaredSchemas[0]!);
    const headers: ResponseHeaderName[] = [...(status === 429 ? (["Retry-After"] as const) : []), ...(answer.headers ?? [])];
    const refs = Object.fromEntries(headers.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
    out[status] = {
      description: answer.description ?? ERROR_DESCRIPTIONS[status] ?? `Error ${status}`,
      ...(status === 503
        ? { headers: { "Retry-After": UNAVAILABLE_RETRY_AFTER, ...refs } }
        : Object.keys(refs).length
          ? { headers: refs }
          : {}),
      content: { "application/json": { schema } },
    };
  }

  return out;
}

/** The OpenAPI 3.1 document of the API (served at /api/openapi.json), built from the endpoints' declarations. */
export function buildOpenApiDocument() {
  const { components, schemaOf } = convertResponseSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: descriptionOf(endpoint),
      tags: [endpoint.tag],
      security: security(endpoint.access),
      parameters: parameters(endpoint),
      ...(endpoint.rawBody ? { requestBody: { required: true, content: endpoint.rawBody } } : {}),
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: inputSchemaOf(endpoint.body) },
                ...(endpoint.textBody
                  ? Object.fromEntries(
                      ["text/csv", "text/plain"].map((type) => [
                        type,
                        { schema: { type: "string", description: `The body's \`${endpoint.textBody}\` field, sent alone as text` } },
                      ]),
                    )
                  : {}),
              },
            },
          }
        : {}),
      responses: responses(endpoint, schemaOf),
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
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      schemas: components,
      headers: HEADERS,
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Legacy identity provider token" },
        session: { type: "apiKey", in: "cookie", name: "authjs.session-token" },
        x402: {
          type: "apiKey",
          in: "header",
          name: "X-PAYMENT",
          description:
            "x402 payment (POST /api/jobs and POST /api/batches only): v1 proof in X-PAYMENT, or v2 payload in PAYMENT-SIGNATURE",
        },
      },
    },
    paths,
  };
}
