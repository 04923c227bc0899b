/**
 * The document is the server (issue 49): every operation of the OpenAPI document, read from the
 * document itself (a new endpoint joins by its declaration), driven through its real route
 * handler with requests generated from the document's own request schemas: a minimal valid
 * request by every kind of caller (anonymous, API key, session), then, by a caller it admits, one
 * with every field and parameter, values the document takes that the first sample does not try,
 * and invalid ones (a wrong type, past a maximum, not in an enum, a required field or a one-of
 * source missing, two one-of sources at once). Every answer must be the document's: its status
 * listed, its media type listed, its required headers present, its JSON body valid against that
 * status's schema (ajv, formats checked; a body matching two oneOf branches fails). A request the
 * document accepts must not be refused as invalid, one it refuses must be answered 400; every
 * operation must reach a 2xx, and a documented 304 with its ETag, unless it is listed below with
 * why; every declaration has a description of its own. The outside world is loopback: the real
 * pipeline on the fake store, fake PageSpeed, model and Stripe, Stripe's webhook signed here.
 * Deterministic: the generator takes the first value a schema allows, no randomness. A failure
 * is mended in the declaration or the server, never here.
 */
import Ajv2020 from "ajv/dist/2020";
import Stripe from "stripe";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { blogPosts, jobs, snapshotProducts, stores, users } from "@/db/schema";
import { ACCESS, type AccessRule } from "@/lib/auth/access";
import { issueEmailLinkToken } from "@/lib/auth/email-link-tokens";
import { buildOpenApiDocument } from "@/lib/endpoints/openapi";
import { ENDPOINTS } from "@/lib/endpoints/registry";
import { resetEnvCache } from "@/lib/env";
import {
  apiKeyHeader,
  createTestApiKey,
  createTestSession,
  createTestUser,
  sessionCookieHeader,
  TEST_ORIGIN,
} from "@/testing/auth/fixtures";
import { loadRouteHandler } from "@/testing/auth/route-handlers";
import { trackStore } from "@/testing/chat-store";
import { startFakeModel, type FakeModelServer } from "@/testing/fake-model";
import { startFakePageSpeed, type FakePageSpeed } from "@/testing/fake-pagespeed";
import { startFakeStripe, type FakeStripe } from "@/testing/fake-stripe";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; schema: Schema };
type DocResponse = { headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, DocResponse>;
};
type Op = { method: string; path: string; op: Operation; rule: AccessRule };
type CallerKind = "anonymous" | "API key" | "session";
type Request_ = {
  label: string;
  values: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  /** The request as the document's schemas should judge it. */
  valid: boolean;
};

/**
 * Operations whose valid request cannot cheaply reach a 2xx here, and why. Their valid
 * requests still run; every answer they get must still be documented and validate.
 */
const NO_SUCCESS: Record<string, string> = {
  verifyEmail: "a generated token names no link (400); a mailed one works once: its 200 is the test of single-use links below",
  confirmPasswordReset: "a generated token names no link (400); a mailed one works once: its 200 is the test of single-use links below",
  getReportScreenshot: "screenshots are taken by the render step (a browser), off in tests; 404 is documented",
};

/**
 * Valid requests a caller kind is refused for with 400 by a rule the document's schema cannot
 * carry (it depends on who calls); the operation's description says it.
 */
const REFUSED_FOR_CALLER: Record<string, { caller: CallerKind; why: string }> = {
  createCheckoutSession: { caller: "anonymous", why: "without an account, single_report needs the store's domain" },
};

/**
 * Query parameters of which a request must send one: OpenAPI cannot say one-of across
 * parameters, so the operation's description says it. The valid request sends the first;
 * one sending none must be refused with 400.
 */
const QUERY_ONE_OF: Record<string, { params: string[]; why: string }> = {
  findJob: { params: ["id", "domain"], why: "a job by id, or the latest of a store by domain" },
};

/** Request fields whose meaning the schema cannot say (a real store, an address that works): the value a valid request sends. */
let semantic: Record<string, unknown> = {};
/** Path parameters naming a fixture, by operation (a real id where a 2xx is wanted). */
let pathValues: (op: Op) => Record<string, string> = () => ({});

const doc = buildOpenApiDocument();
const ops: Op[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, op]) => {
    const endpoint = ENDPOINTS.find((e) => e.operationId === op.operationId)!;

    return { method: method.toUpperCase(), path, op, rule: ACCESS[endpoint.access] as AccessRule };
  }),
);
// Deletions last, the deepest path first: the fixtures they remove are the ones the requests before them want.
const order = (o: Op) => (o.method === "DELETE" ? 1_000 - o.path.length : 0);
ops.sort((a, b) => order(a) - order(b));

const responseAjv = new Ajv2020({ strict: false, allErrors: true });
addFormats(responseAjv);
const requestAjv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false });
addFormats(requestAjv);
const compiled = new Map<Schema, ReturnType<typeof responseAjv.compile>>();
function validatorOf(ajv: Ajv2020, schema: Schema) {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    compiled.set(schema, validate);
  }

  return validate;
}

const PATTERN_CANDIDATES = ["a", "abc", "a-b", "AA", "USD", "US", "aa", "1"];

/**
 * The first value `schema` allows, as a client reading only the document would write it;
 * `every`: an object with every field it may have (but one of alternative sources), not only
 * the required ones.
 */
function sample(schema: Schema, name?: string, every = false): unknown {
  if (name !== undefined && name in semantic && requestAjv.validate(schema, semantic[name])) return semantic[name];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    // A oneOf or anyOf of `required` lists (one source of several): the first one's fields.
    const choices = ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined)?.map((b) => (b.required ?? []) as string[]) ?? [];
    const required = [...((schema.required ?? []) as string[]), ...(choices[0] ?? [])];
    const others = new Set(choices.slice(1).flat());
    const keys = every ? Object.keys(properties).filter((key) => required.includes(key) || !others.has(key)) : required;

    return Object.fromEntries(keys.map((key) => [key, sample(properties[key] ?? {}, key)]));
  }
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return sample(branches.find((b) => b.type !== "null") ?? branches[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      if (schema.format === "email") return "doc-check@example.test";
      if (schema.format === "uri") return "https://example.test/hook";
      if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
      if (schema.format === "date") return "2026-01-01";
      const min = Number(schema.minLength ?? 1);
      if (typeof schema.pattern === "string") {
        const pattern = new RegExp(schema.pattern, "u");
        // A list pattern's first alternative (`^(?:storefront_mcp|ucp|llms_txt)(?:,…`), else a few plain words.
        const alternative = /^\^\(\?:([A-Za-z0-9_-]+)[|)]/.exec(schema.pattern)?.[1];
        const candidates = [...(alternative ? [alternative] : []), ...PATTERN_CANDIDATES];
        const fit = candidates.map((c) => c.padEnd(min, c.at(-1))).find((c) => pattern.test(c));
        if (fit) return fit;
      }

      return "a".repeat(Math.max(min, 1));
    }
    case "integer":
    case "number":
      return typeof schema.minimum === "number"
        ? schema.minimum
        : typeof schema.exclusiveMinimum === "number"
          ? schema.exclusiveMinimum + 1
          : 1;
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Math.max(Number(schema.minItems ?? 1), 1) }, () => sample((schema.items as Schema) ?? {}));
    default:
      return "a";
  }
}

/** Values the document refuses for a field of `schema`, each with what it breaks. */
function invalidValues(schema: Schema): [string, unknown][] {
  const out: [string, unknown][] = [];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string" || schema.enum) out.push(["wrong type", 12345]);
  if (type === "integer" || type === "number" || type === "boolean" || type === "array" || type === "object") {
    out.push(["wrong type", "not-a-value"]);
  }
  if (typeof schema.maxLength === "number") out.push(["past maxLength", "a".repeat(schema.maxLength + 1)]);
  if (typeof schema.maximum === "number") out.push(["past maximum", schema.maximum + 1]);
  if (Array.isArray(schema.enum)) out.push(["not in enum", "not-in-enum"]);
  if (typeof schema.maxItems === "number" && schema.maxItems <= 1000) {
    out.push(["past maxItems", Array.from({ length: schema.maxItems + 1 }, () => sample((schema.items as Schema) ?? {}))]);
  }

  return out;
}

const asQueryString = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The requests an operation gets: one valid, then each invalid variant the document refuses. */
function requestsFor(target: Op): Request_[] {
  const params = target.op.parameters.filter((p) => p.in !== "header");
  const values = pathValues(target);
  const validValues = Object.fromEntries(
    params.filter((p) => p.in === "path").map((p) => [p.name, values[p.name] ?? String(sample(p.schema, p.name))]),
  );
  const validQuery = Object.fromEntries(
    params
      .filter((p) => p.in === "query" && (p.required || p.name === QUERY_ONE_OF[target.op.operationId]?.params[0]))
      .map((p) => [p.name, asQueryString(sample(p.schema, p.name))]),
  );
  const bodySchema = target.op.requestBody?.content["application/json"]?.schema;
  const validBody = bodySchema ? sample(bodySchema) : undefined;
  const requests: Request_[] = [
    { label: "valid", values: validValues, query: validQuery, body: validBody, valid: true },
    {
      label: "valid, every field",
      values: validValues,
      query: Object.fromEntries(params.filter((p) => p.in === "query").map((p) => [p.name, asQueryString(sample(p.schema, p.name))])),
      body: bodySchema ? sample(bodySchema, undefined, true) : undefined,
      valid: true,
    },
  ];

  const oneOf = QUERY_ONE_OF[target.op.operationId];
  if (oneOf) {
    const none = Object.fromEntries(Object.entries(validQuery).filter(([name]) => !oneOf.params.includes(name)));
    requests.push({ label: `query: none of ${oneOf.params.join(", ")}`, values: validValues, query: none, body: validBody, valid: false });
  }
  for (const p of params) {
    for (const [what, value] of invalidValues(p.schema)) {
      const text = asQueryString(value);
      // A path or query value is text: a number sent for a string is still a string.
      if (what === "wrong type" && (p.schema.type === "string" || p.schema.enum === undefined) && typeof value === "number") continue;
      if (requestAjv.validate(p.schema, text) || (p.schema.type === "integer" && requestAjv.validate(p.schema, Number(text)))) continue;
      const at = p.in === "path" ? { values: { ...validValues, [p.name]: text } } : { query: { ...validQuery, [p.name]: text } };
      requests.push({ label: `${p.in} ${p.name}: ${what}`, values: validValues, query: validQuery, body: validBody, valid: false, ...at });
    }
    if (p.in === "query" && p.required) {
      const { [p.name]: _missing, ...rest } = validQuery;
      requests.push({ label: `query ${p.name}: missing`, values: validValues, query: rest, body: validBody, valid: false });
    }
  }
  if (bodySchema && bodySchema.type === "object" && validBody && typeof validBody === "object") {
    const properties = (bodySchema.properties ?? {}) as Record<string, Schema>;
    for (const key of (bodySchema.required ?? []) as string[]) {
      const { [key]: _missing, ...rest } = validBody as Record<string, unknown>;
      requests.push({ label: `body ${key}: missing`, values: validValues, query: validQuery, body: rest, valid: false });
    }
    for (const [key, schema] of Object.entries(properties)) {
      for (const [what, value] of invalidValues(schema)) {
        const body = { ...(validBody as Record<string, unknown>), [key]: value };
        if (validatorOf(requestAjv, bodySchema)(body)) continue;
        requests.push({ label: `body ${key}: ${what}`, values: validValues, query: validQuery, body, valid: false });
      }
    }
    // Values the document takes that the first sample does not try: a URI of another scheme.
    for (const [key, schema] of Object.entries(properties)) {
      const uri = schema.format === "uri" || ((schema.anyOf ?? []) as Schema[]).some((b) => b.format === "uri");
      if (!uri) continue;
      const body = { ...(validBody as Record<string, unknown>), [key]: "ftp://example.test/hook" };
      if (validatorOf(requestAjv, bodySchema)(body))
        requests.push({ label: `body ${key}: another URI scheme`, values: validValues, query: validQuery, body, valid: true });
    }
    requests.push({ label: "body: not an object", values: validValues, query: validQuery, body: ["not", "an", "object"], valid: false });
    // Where the document says one source of several (oneOf of required fields): two at once.
    const choices = ((bodySchema.oneOf ?? []) as Schema[]).map((b) => (b.required ?? []) as string[]);
    if (choices.length > 1) {
      const both = Object.fromEntries([...choices[0]!, ...choices[1]!].map((key) => [key, sample(properties[key] ?? {}, key)]));
      requests.push({
        label: `body: ${choices[1]!.join(", ")} with ${choices[0]!.join(", ")}`,
        values: validValues,
        query: validQuery,
        body: { ...(validBody as object), ...both },
        valid: false,
      });
    }
  }

  return requests;
}

/** Why the generated request is not what the document says (empty when it is). */
function requestErrors(target: Op, request: Request_): string[] {
  const errors: string[] = [];
  for (const p of target.op.parameters.filter((q) => q.in === "path" || q.in === "query")) {
    const raw = p.in === "path" ? request.values[p.name] : request.query[p.name];
    if (raw === undefined) {
      if (p.required) errors.push(`${p.in} ${p.name} missing`);
      continue;
    }
    const value = p.schema.type === "integer" || p.schema.type === "number" ? Number(raw) : raw;
    if (!requestAjv.validate(p.schema, value)) errors.push(`${p.in} ${p.name}: ${requestAjv.errorsText()}`);
  }
  const oneOf = QUERY_ONE_OF[target.op.operationId];
  if (oneOf && !oneOf.params.some((name) => name in request.query)) errors.push(`query: none of ${oneOf.params.join(", ")}`);
  const bodySchema = target.op.requestBody?.content["application/json"]?.schema;
  if (bodySchema) {
    const validate = validatorOf(requestAjv, bodySchema);
    if (!validate(request.body)) errors.push(`body: ${JSON.stringify(validate.errors)}`);
  }

  return errors;
}

/** The header objects an answer documents, `$ref`s into components.headers resolved. */
function documentedHeaders(response: DocResponse): [string, { required?: boolean }][] {
  return Object.entries(response.headers ?? {}).map(([name, header]) => {
    const ref = (header as { $ref?: string }).$ref;
    const resolved = ref ? (doc.components.headers as Record<string, unknown>)[ref.split("/").at(-1)!] : header;

    return [name, resolved as { required?: boolean }];
  });
}

/** Why `response` is not what the document says `target` answers (empty when it is). */
async function answerErrors(target: Op, response: Response): Promise<{ errors: string[]; body: string }> {
  const documented = target.op.responses[String(response.status)];
  const mediaType = (response.headers.get("content-type") ?? "").split(";", 1)[0]!.trim();
  if (!documented) {
    const body = await response.text();

    return { errors: [`status ${response.status} is not documented`], body };
  }
  const errors: string[] = [];
  for (const [name, header] of documentedHeaders(documented)) {
    if (header.required && !response.headers.has(name)) errors.push(`header ${name}, documented as required, missing`);
  }
  if (mediaType === "text/event-stream") {
    // A stream of a job still running never ends: its first event is enough.
    const reader = response.body!.getReader();
    const first = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
    await reader.cancel().catch(() => {});
    if (!documented.content?.[mediaType]) errors.push(`media type ${mediaType} is not documented for ${response.status}`);

    return { errors, body: first && first.value ? new TextDecoder().decode(first.value) : "" };
  }
  const body = await response.text();
  if (body === "" && !documented.content) return { errors, body };
  if (!documented.content?.[mediaType]) {
    errors.push(`media type ${mediaType || "(none)"} is not documented for ${response.status}`);

    return { errors, body };
  }
  const schema = documented.content[mediaType]!.schema;
  if (mediaType === "application/json" && schema) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { errors: [...errors, "body is not JSON"], body };
    }
    const validate = validatorOf(responseAjv, schema);
    if (!validate(parsed)) {
      errors.push(...(validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`));
    }
  }

  return { errors, body };
}

let h: PipelineHarness;
let pagespeed: FakePageSpeed;
let stripe: FakeStripe;
let model: FakeModelServer;
const headersOf = {} as Record<CallerKind, Record<string, string>>;
let requestsSent = 0;
const nextAddress = () => {
  requestsSent += 1;

  return `198.19.${(requestsSent >> 8) & 255}.${requestsSent & 255}`;
};

async function send(target: Op, request: Request_, caller: CallerKind, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const handler = await loadRouteHandler(target.method, target.path.replace(/\{(\w+)\}/g, ":$1"));
  const url = target.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(request.values[name] ?? ""));
  const search = new URLSearchParams(request.query).toString();
  const hasBody = !["GET", "HEAD"].includes(target.method);
  const special = SPECIAL_REQUESTS[target.op.operationId]?.(request);

  return handler(
    new Request(`${TEST_ORIGIN}${url}${search ? `?${search}` : ""}`, {
      method: target.method,
      headers: {
        "x-forwarded-for": nextAddress(),
        ...(hasBody ? { "content-type": "application/json" } : {}),
        ...special?.headers,
        ...headersOf[caller],
        ...extraHeaders,
      },
      body: hasBody ? (special?.body ?? (request.body === undefined ? undefined : JSON.stringify(request.body))) : undefined,
    }),
    { params: Promise.resolve(request.values) },
  );
}

/**
 * Requests another protocol shapes: MCP's JSON-RPC (the document describes it as JSON-RPC, not
 * field by field), Stripe's webhook (the generated event, signed as Stripe signs it).
 */
const SPECIAL_REQUESTS: Record<string, (request: Request_) => { body: string; headers: Record<string, string> }> = {
  mcp: () => ({
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    headers: { accept: "application/json, text/event-stream" },
  }),
  receiveStripeWebhook: (request) => {
    const payload = JSON.stringify(request.body);

    return { body: payload, headers: { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }) } };
  },
};
const STRIPE_SECRET = "whsec_doc_check";

const callersOf = (rule: AccessRule): CallerKind[] => [
  "anonymous",
  ...(rule.apiKey ? (["API key"] as const) : []),
  ...(rule.session ? (["session"] as const) : []),
];
const admittedCaller = (rule: AccessRule): CallerKind => (rule.session ? "session" : rule.apiKey ? "API key" : "anonymous");

beforeAll(async () => {
  model = await startFakeModel({ script: () => ({ text: "An answer.", usage: { prompt: 10, completion: 3 } }) });
  pagespeed = await startFakePageSpeed();
  stripe = await startFakeStripe({
    secretKey: "sk_test_doc_check",
    webhookSecret: STRIPE_SECRET,
    prices: { price_doc_check_single: 2900, price_doc_check_pro: 4900 },
  });
  const admin = await createTestUser();
  // The real pipeline (fake store on loopback, embedded engine, fake PageSpeed): the jobs a request starts run.
  h = await startPipeline({
    IP_BURST_LIMIT: "0",
    ADMIN_USER_IDS: admin.id,
    CHAT_BASE_URL: model.baseUrl,
    CHAT_API_KEY: "test-model-key",
    CHAT_MODEL: "fake-model",
    PAGESPEED_ENABLED: "true",
    PAGESPEED_API_URL: pagespeed.url,
    // Stripe's API is the fake one on loopback (Checkout, the billing portal); its webhooks are signed here.
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    STRIPE_SECRET_KEY: "sk_test_doc_check",
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_SINGLE_REPORT: "price_doc_check_single",
    STRIPE_PRICE_PRO_MONTHLY: "price_doc_check_pro",
    // Pay-per-job on: an anonymous POST /api/jobs is offered payment (402 with PAYMENT-REQUIRED).
    X402_PAY_TO: `0x${"49".repeat(20)}`,
  });
  await getDb().insert(blogPosts).values({
    slug: "doc-check-post",
    title: "Doc check",
    summary: "A post",
    body: "# Doc check\n\nA paragraph.",
    kind: "weekly-digest",
    publishedAt: new Date(),
  });
  h.fakeStore.addStore(generatedStore("doc-check.test", { products: 6, seed: 49, exposeInventory: true }));
  h.fakeStore.addStore(generatedStore("doc-check-live.test", { products: 3, seed: 50 }));
  // On Pro (no quota in the way), and a Stripe customer, so the billing portal opens.
  await getDb().update(users).set({ plan: "pro_monthly", stripeCustomerId: "cus_doc_check" }).where(eq(users.id, admin.id));
  headersOf.anonymous = {};
  headersOf["API key"] = apiKeyHeader((await createTestApiKey(admin.id, "caller")).key);
  headersOf.session = { ...sessionCookieHeader(await createTestSession(admin.id)), origin: TEST_ORIGIN };
  const toRevoke = await createTestApiKey(admin.id, "to revoke");

  // Two real analyses of a tracked store, so its snapshots compare and its inventory moved.
  const first = await h.submitAndWait("doc-check.test");
  expect(first.status, first.error ?? "").toBe("completed");
  await trackStore(admin.id, first.storeId!);
  h.fakeStore.store("doc-check.test").advance({ sales: 3, restocks: 1, priceChanges: 1, addProducts: 1, removeProducts: 1 });
  const job = await h.submitAndWait("doc-check.test");
  expect(job.status, job.error ?? "").toBe("completed");
  const [store] = await getDb().select().from(stores).where(eq(stores.id, job.storeId!));
  const [product] = await getDb()
    .select({ id: snapshotProducts.productId })
    .from(snapshotProducts)
    .where(eq(snapshotProducts.jobId, job.id))
    .limit(1);
  const [failed] = await getDb()
    .insert(jobs)
    .values({ storeId: store!.id, domain: store!.domain, slug: store!.slug, status: "failed", error: "seeded failure" })
    .returning();

  const post = async (path: string, body: unknown) => {
    const handler = await loadRouteHandler("POST", path);
    const response = await handler(
      new Request(`${TEST_ORIGIN}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": nextAddress(), ...headersOf.session },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);

    return (await response.json()) as Record<string, unknown>;
  };
  const list = await post("/api/lists", { name: "doc check", stores: [store!.slug] });
  const listId = String((list.list as { id?: string } | undefined)?.id ?? list.id);
  const batch = await post("/api/batches", { domains: ["doc-check-live.test"] });
  const batchId = String((batch.batch as { id?: string } | undefined)?.id ?? batch.id);

  // A cursor is opaque: a valid one is one the list gave.
  const handler = await loadRouteHandler("GET", "/api/store-detail/:slug/catalog-events");
  const firstPage = await handler(
    new Request(`${TEST_ORIGIN}/api/store-detail/${store!.slug}/catalog-events?limit=1`, { headers: headersOf.session }),
    { params: Promise.resolve({ slug: store!.slug }) },
  );
  const cursor = ((await firstPage.json()) as { next_cursor?: string | null }).next_cursor;
  expect(cursor, "the second analysis made more than one catalog event").toEqual(expect.any(String));

  const now = Math.floor(Date.now() / 1000);
  semantic = {
    cursor,
    domain: "doc-check-live.test",
    domains: ["doc-check-live.test"],
    email: "doc-check-new@example.test",
    password: "Correct-horse-49",
    stores: [store!.slug],
    name: "doc check",
    url: "https://example.test/hook",
    messages: [{ role: "user", content: "What does this store sell?" }],
    token: "t".repeat(32),
    // A merchant's Web Bot Auth values as Shopify's admin generates them, valid from now for a day.
    signature: "sig1=:ZG9jLWNoZWNr:",
    signature_input: `sig1=("@authority" "signature-agent");created=${now};expires=${now + 86_400};keyid="doc-check";tag="web-bot-auth"`,
    signature_agent: '"https://shopify.com"',
    // A Stripe event's object is Stripe's: a Checkout Session as Stripe sends one (not paid yet, so nothing is credited).
    data: { object: { id: "cs_doc_check", object: "checkout.session", mode: "payment", payment_status: "unpaid", metadata: {} } },
    id: job.id,
    slug: store!.slug,
  };
  pathValues = ({ path }): Record<string, string> => {
    if (path.startsWith("/api/api-keys/")) return { id: toRevoke.id };
    if (path.startsWith("/api/admin/jobs/")) return { id: failed!.id };
    if (path.startsWith("/api/lists/")) return { id: listId };
    if (path.startsWith("/api/batches/")) return { id: batchId };
    if (path.startsWith("/api/apps/")) return { name: "klaviyo" };
    if (path.startsWith("/api/themes/")) return { slug: store!.themeSlug ?? "dawn" };
    if (path.startsWith("/api/reports/")) return { id: job.id, size: "desktop" };
    if (path.startsWith("/api/admin/owner-signatures/")) return { domain: "doc-check-live.test" };
    if (path.startsWith("/api/blog/")) return { slug: "doc-check-post" };

    return { id: job.id, jobId: job.id, slug: store!.slug, shopifyId: String(product!.id) };
  };
}, 120_000);

afterAll(async () => {
  for (const name of [
    "IP_BURST_LIMIT",
    "ADMIN_USER_IDS",
    "CHAT_BASE_URL",
    "CHAT_API_KEY",
    "CHAT_MODEL",
    "PAGESPEED_ENABLED",
    "PAGESPEED_API_URL",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_API_BASE",
    "STRIPE_PRICE_SINGLE_REPORT",
    "STRIPE_PRICE_PRO_MONTHLY",
    "X402_PAY_TO",
  ]) {
    delete process.env[name];
  }
  resetEnvCache();
  await h?.stop();
  await model?.close();
  await pagespeed?.close();
  await stripe?.close();
});

describe("the document is the server", () => {
  it("reads every operation of the document, each declared once", () => {
    expect(ops.length).toBe(ENDPOINTS.length);
    for (const operationId of [...Object.keys(NO_SUCCESS), ...Object.keys(QUERY_ONE_OF), ...Object.keys(REFUSED_FOR_CALLER)]) {
      expect(
        ops.map((o) => o.op.operationId),
        `NO_SUCCESS names ${operationId}, no operation`,
      ).toContain(operationId);
    }
  });

  it("describes every operation beyond its summary, in its declaration's own words", () => {
    // The document adds who may call to every description; the declaration must say the rest (errors, limits, caching).
    const bare = ENDPOINTS.filter((e) => !e.description?.trim() || e.description.trim() === e.summary.trim()).map((e) => e.operationId);
    expect(bare, "declarations without a description of their own").toEqual([]);
    for (const { op } of ops) {
      expect(op.description?.trim(), op.operationId).toBeTruthy();
      expect(op.description, op.operationId).not.toBe(op.summary);
    }
  });

  it("answers every generated request, valid and invalid, by every caller, as the document says", async () => {
    const failures: string[] = [];
    const reached2xx = new Set<string>();
    const seen: Record<string, string[]> = {};
    const reached304 = new Set<string>();
    for (const target of ops) {
      const id = target.op.operationId;
      for (const request of requestsFor(target)) {
        const judged = requestErrors(target, request);
        if (request.valid && judged.length) failures.push(`${id}: the generator made a request the document refuses: ${judged.join("; ")}`);
        if (!request.valid && !judged.length) failures.push(`${id} ${request.label}: the document accepts what was meant to be invalid`);
        // The minimal valid request by every caller; every other request by one the operation admits.
        const callers = request.label === "valid" ? callersOf(target.rule) : [admittedCaller(target.rule)];
        for (const caller of callers) {
          const response = await send(target, request, caller);
          const { errors, body } = await answerErrors(target, response);
          const what = `${target.method} ${target.path} [${id}] ${request.label} as ${caller} → ${response.status} ${body.slice(0, 300)}`;
          for (const error of errors) failures.push(`${what}: ${error}`);
          const admitted = caller === admittedCaller(target.rule) || (caller === "anonymous" && target.rule.anonymous);
          const excused = REFUSED_FOR_CALLER[id]?.caller === caller || id in NO_SUCCESS;
          if (admitted && request.valid && response.status === 400 && !excused) {
            failures.push(`${what}: a request the document accepts was refused as invalid`);
          }
          if (!request.valid && response.status !== 400) failures.push(`${what}: an invalid request was not refused with 400`);
          if (response.status >= 200 && response.status < 300) reached2xx.add(id);
          if (request.valid) (seen[id] ??= []).push(`${caller}: ${response.status}`);
          // Where the document promises a 304, the validator a 200 carried gets it.
          const etag = response.headers.get("etag");
          if (request.valid && response.status === 200 && etag && target.op.responses["304"]) {
            const again = await send(target, request, caller, { "if-none-match": etag });
            const revalidated = await answerErrors(target, again);
            for (const error of revalidated.errors) failures.push(`${what} revalidated → ${again.status}: ${error}`);
            if (again.status !== 304) failures.push(`${what}: If-None-Match with its ETag answered ${again.status}, not 304`);
            else reached304.add(id);
          }
        }
      }
    }
    for (const target of ops) {
      const id = target.op.operationId;
      if (!reached2xx.has(id) && !(id in NO_SUCCESS)) {
        failures.push(`${id}: no valid request reached a 2xx (${seen[id]?.join(", ")}), and NO_SUCCESS does not say why`);
      }
      if (reached2xx.has(id) && id in NO_SUCCESS) failures.push(`${id}: reached a 2xx; take it off NO_SUCCESS`);
      if (target.op.responses["304"] && !reached304.has(id) && !(id in NO_SUCCESS))
        failures.push(`${id}: documents a 304 no request reached`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers a single-use link's token as documented (verifyEmail, confirmPasswordReset), once", async () => {
    const user = await createTestUser({ email: `doc-check-links-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const cases = [
      { id: "verifyEmail", purpose: "verify_email" as const, body: (token: string) => ({ token }) },
      {
        id: "confirmPasswordReset",
        purpose: "password_reset" as const,
        body: (token: string) => ({ token, password: "Another-horse-49" }),
      },
    ];
    for (const { id, purpose, body } of cases) {
      const target = ops.find((o) => o.op.operationId === id)!;
      // The token the mailed link carries, issued as the mail's sender issues it.
      const token = (await issueEmailLinkToken(user.id, purpose, 3_600_000))!;
      const request: Request_ = { label: "mailed token", values: {}, query: {}, body: body(token), valid: true };
      expect(requestErrors(target, request), id).toEqual([]);
      for (const expected of [200, 400]) {
        const response = await send(target, request, "anonymous");
        const { errors, body: text } = await answerErrors(target, response);
        expect(errors, `${id} → ${response.status} ${text}`).toEqual([]);
        expect(response.status, `${id}: ${text}`).toBe(expected);
      }
    }
  });
});
