import { z } from "zod";
import packageJson from "@/package.json";
import { ACCESS, type AccessName } from "@/lib/auth/access";
import { paymentRequiredBodySchema } from "@/lib/jobs/schemas";
import { getEnv } from "@/lib/env";
import type { Answer, Endpoint, RequestHeaderName, ResponseHeaderName } from "@/lib/http/define-endpoint";
import { errorBodySchema } from "@/lib/http/errors";
import { rateLimitedBodySchema } from "@/lib/limits/schemas";
import { NAMED_SCHEMAS } from "./openapi-schemas";
import { ENDPOINTS } from "./registry";

/**
 * Response headers the document describes (components.headers). An answer names the ones it
 * carries in its declaration's `headers`; a new header is a name in ResponseHeaderName
 * (lib/http/define-endpoint.ts) and its entry here.
 */
const HEADERS = {
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer", minimum: 0 } },
  ETag: { description: "Strong validator of the body; send it back in If-None-Match for a 304", schema: { type: "string" } },
  "Cache-Control": {
    description: "by job id: cached 5 minutes, then revalidated with the ETag (a report can be purged); by slug or payment id: 60 seconds",
    schema: { type: "string" },
  },
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
} satisfies Record<ResponseHeaderName, { description: string; schema: Record<string, unknown> }>;

/** Request headers a declaration may name: a paying caller's x402 proofs (docs/decisions.md §8.5), v2 then v1. */
const REQUEST_HEADERS = {
  "PAYMENT-SIGNATURE": "x402 v2 payment payload (instead of an API key)",
  "X-PAYMENT": "x402 v1 payment proof (instead of an API key)",
} as const satisfies Record<RequestHeaderName, string>;

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

function accessErrors(access: AccessName): number[] {
  const rule = ACCESS[access];
  if (rule.anonymous) return [401];

  return rule.x402 ? [401, 402, 403] : [401, 403];
}

function parameters(endpoint: Endpoint) {
  const of = (schema: z.ZodObject | undefined, where: "path" | "query") =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => ({
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      schema: inputSchemaOf(field as z.ZodType),
    }));

  const headers = (endpoint.requestHeaders ?? []).map((name) => ({
    name,
    in: "header",
    required: false,
    description: REQUEST_HEADERS[name],
    schema: { type: "string", contentEncoding: "base64" },
  }));

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
  for (const status of [...accessErrors(endpoint.access), 503]) errors.add(status);
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
    const headers: ResponseHeaderName[] = [
      ...(status === 429 || status === 503 ? (["Retry-After"] as const) : []),
      ...(answer.headers ?? []),
    ];
    out[status] = {
      description: answer.description ?? ERROR_DESCRIPTIONS[status] ?? `Error ${status}`,
      ...headerRefs(headers),
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
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      security: security(endpoint.access),
      parameters: parameters(endpoint),
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
          description: "x402 payment (POST /api/jobs only): v1 proof in X-PAYMENT, or v2 payload in PAYMENT-SIGNATURE",
        },
      },
    },
    paths,
  };
}
