import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys, jobs, stores, users, webhookCallbacks } from "@/db/schema";
import { buildOpenApiDocument } from "@/lib/endpoints/openapi";
import { loadRouteHandler } from "@/testing/auth/route-handlers";
import { hostileCredentialHeaders, isExplicitCredential } from "@/testing/hostile/credentials";
import { HOSTILE_ESCAPES, HOSTILE_STRINGS, hostileEscape, hostileString, nonUtf8JsonBody } from "@/testing/hostile/text-inputs";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

// Every operation of the OpenAPI document against its real route handler, with malformed
// paths, queries, bodies and headers, text PostgreSQL cannot store in each of them (NUL, lone
// surrogates, percent-escapes that are not UTF-8, body bytes that are not UTF-8), and
// credentials that cannot be real (session cookies, API keys, bearer tokens): no 5xx, no hang,
// every error in the error body, a key or token that cannot be real refused with 401, and
// nothing written by a rejected request.
// `npm run test:fuzz` runs many more cases; what only the custom server answers (dot
// segments, methods a route does not serve) is fuzzed through it in e2e/api-fuzz.spec.ts.

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

type Operation = { method: string; path: string; pathParams: string[]; queryParams: string[]; bodyProps: string[] };

function operationsOf(document: ReturnType<typeof buildOpenApiDocument>): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods as Record<string, unknown>)) {
      const op = raw as {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: { "application/json": { schema: { properties?: Record<string, unknown> } } } };
      };
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ":$1"),
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        bodyProps: Object.keys(op.requestBody?.content["application/json"].schema.properties ?? {}),
      });
    }
  }

  return operations;
}

const nasty = fc.constantFrom(
  "%E0",
  "%",
  "..%2F..",
  "\u0000",
  "00000000-0000-4000-8000-000000000000",
  "-1",
  "0",
  "1e309",
  "NaN",
  "true",
  "[]",
  "{}",
  "null",
  "a".repeat(5000),
  "<script>",
  "' or 1=1 --",
  "x.test",
  "https://evil.example/",
  "\uD800",
);
const text = fc.oneof(fc.string({ maxLength: 60 }), fc.uuid(), nasty, hostileString);
const jsonValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileString), fc.oneof(text, fc.array(text, { maxLength: 2 })), { maxKeys: 3 }),
);
/** A path segment or query component as the URL spells it. */
const rawComponent = fc.oneof(
  text.map((value) => encodeURIComponent(value.toWellFormed())),
  hostileEscape,
);

/** A path parameter as a handler may receive it: as the URL spells it, or decoded where it decodes. */
function paramAs(raw: string, form: "as-sent" | "decoded"): string {
  if (form === "as-sent") return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

let h: PipelineHarness;
let operations: Operation[];

beforeAll(async () => {
  h = await startPipeline({ IP_BURST_LIMIT: "0" });
  operations = operationsOf(buildOpenApiDocument());
});

afterAll(async () => {
  await h?.stop();
});

async function rowCounts(): Promise<number[]> {
  const db = getDb();

  return Promise.all([db.$count(jobs), db.$count(stores), db.$count(users), db.$count(apiKeys), db.$count(webhookCallbacks)]);
}

it(`answers ${RUNS} malformed requests across every operation without a 5xx or a write`, async () => {
  expect(operations.length).toBeGreaterThan(10);
  const caseArb = fc.record({
    op: fc.integer({ min: 0, max: 10_000 }),
    pathValues: fc.array(rawComponent, { minLength: 3, maxLength: 3 }),
    paramForm: fc.constantFrom("as-sent" as const, "decoded" as const),
    query: fc.dictionary(
      fc.oneof(fc.constantFrom("page", "per_page", "id", "domain", "q", "format", "slug"), fc.string({ maxLength: 8 })),
      text,
      { maxKeys: 4 },
    ),
    rawQuery: fc.option(fc.tuple(fc.oneof(fc.constantFrom("page", "id", "domain", "q", "slug"), hostileEscape), rawComponent)),
    body: fc.oneof(
      nonUtf8JsonBody.map((bytes) => ({ __bytes: bytes })),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom("domain", "webhook_url", "notify_email", "email", "password", "name", "messages"),
          fc.string({ maxLength: 8 }),
        ),
        jsonValue,
        { maxKeys: 5 },
      ),
      fc.string({ maxLength: 200 }).map((s) => ({ __raw: s })),
      fc.constantFrom({ __raw: "" }, { __raw: "{" }, { __raw: "[1,2" }, { __raw: "null" }, { __raw: '"str"' }),
    ),
    contentType: fc.constantFrom(
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "",
      "application/json; charset=utf-16",
    ),
    auth: fc.oneof(fc.constantFrom("none", "key", "bad-payment", "bad-payment-v2"), hostileCredentialHeaders),
  });

  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      const op = operations[c.op % operations.length]!;
      const params: Record<string, string> = {};
      let url = op.path;
      op.pathParams.forEach((name, i) => {
        params[name] = paramAs(c.pathValues[i] ?? "", c.paramForm);
        url = url.replace(`:${name}`, c.pathValues[i] ?? "");
      });
      const search = [new URLSearchParams(Object.entries(c.query)).toString(), c.rawQuery ? c.rawQuery.join("=") : ""]
        .filter(Boolean)
        .join("&");
      const headers: Record<string, string> = {};
      if (c.contentType) headers["content-type"] = c.contentType;
      if (c.auth === "key") headers["x-api-key"] = h.apiKey;
      if (c.auth === "bad-payment") headers["x-payment"] = "bm90IGEgcGF5bWVudA==";
      if (c.auth === "bad-payment-v2") headers["payment-signature"] = "bm90IGEgcGF5bWVudA==";
      if (typeof c.auth === "object") Object.assign(headers, c.auth);
      const hasBody = !["GET", "HEAD"].includes(op.method);
      const body =
        "__bytes" in c.body
          ? (c.body.__bytes as Uint8Array<ArrayBuffer>)
          : "__raw" in c.body
            ? String(c.body.__raw)
            : JSON.stringify(c.body);
      const request = new Request(`http://localhost:3000${url}?${search}`, { method: op.method, headers, ...(hasBody ? { body } : {}) });

      const before = await rowCounts();
      const handler = await loadRouteHandler(op.method, op.path);
      const response = await handler(request, { params: Promise.resolve(params) });
      const credential = typeof c.auth === "object" ? JSON.stringify(c.auth).slice(0, 200) : c.auth;
      const shownBody = typeof body === "string" ? body.slice(0, 200) : Buffer.from(body).toString("latin1");
      const what = `${op.method} ${url}?${search} ${hasBody ? shownBody : ""} (${credential}) → ${response.status}`;

      expect(response.status, what).toBeLessThan(500);
      if (typeof c.auth === "object" && isExplicitCredential(c.auth)) expect(response.status, what).toBe(401);
      if (response.status >= 400) {
        const errorBody = (await response.json()) as { error?: unknown; code?: unknown; jsonrpc?: unknown };
        if (op.path === "/api/mcp" && errorBody.jsonrpc === "2.0") {
          // The MCP server answers malformed messages as JSON-RPC does: { jsonrpc, error: { code, message }, id }.
          const rpcError = errorBody.error as { code?: unknown; message?: unknown };
          expect(typeof rpcError.code, what).toBe("number");
          expect(typeof rpcError.message, what).toBe("string");
        } else {
          expect(typeof errorBody.error, what).toBe("string");
          expect(typeof errorBody.code, what).toBe("string");
        }
        expect(await rowCounts(), `${what}: a rejected request wrote rows`).toEqual(before);
      } else {
        await response.body?.cancel();
      }
    }),
    { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
}, 600_000);

it("refuses NUL, lone surrogates and escapes that are not UTF-8 in every path parameter, query and body of every operation, with a 4xx and no write", async () => {
  const placeholder = "00000000-0000-4000-8000-000000000000";
  const before = await rowCounts();
  for (const op of operations) {
    const handler = await loadRouteHandler(op.method, op.path);
    const hasBody = !["GET", "HEAD"].includes(op.method);
    const withPath = (segment: string, form: "as-sent" | "decoded") => ({
      url: op.pathParams.reduce((url, name) => url.replace(`:${name}`, segment), op.path),
      params: Object.fromEntries(op.pathParams.map((name) => [name, paramAs(segment, form)])),
    });
    const cases: { url: string; params: Record<string, string>; body?: string }[] = [];
    for (const escape of HOSTILE_ESCAPES) {
      if (op.pathParams.length > 0) cases.push(withPath(escape, "as-sent"), withPath(escape, "decoded"));
      for (const name of [...op.queryParams, "unknown_name"]) {
        const at = withPath(placeholder, "as-sent");
        cases.push({ ...at, url: `${at.url}?${name}=${escape}` }, { ...at, url: `${at.url}?${escape}=1` });
      }
    }
    // A body the route declares; one it does not (MCP's JSON-RPC) is its handler's, and its tests'.
    if (hasBody && op.bodyProps.length > 0) {
      for (const hostile of HOSTILE_STRINGS) {
        for (const prop of [...op.bodyProps, "unknown_name"]) {
          const at = withPath(placeholder, "as-sent");
          cases.push(
            { ...at, body: JSON.stringify({ [prop]: hostile }) },
            { ...at, body: JSON.stringify({ [prop]: [{ deep: [[[hostile]]] }] }) },
          );
        }
        cases.push({ ...withPath(placeholder, "as-sent"), body: JSON.stringify({ [hostile]: "field name" }) });
      }
    }

    for (const c of cases) {
      const request = new Request(`http://localhost:3000${c.url}`, {
        method: op.method,
        headers: { "content-type": "application/json", "x-api-key": h.apiKey },
        ...(hasBody ? { body: c.body ?? "{}" } : {}),
      });
      const response = await handler(request, { params: Promise.resolve(c.params) });
      const what = `${op.method} ${c.url} ${JSON.stringify(c.params)} ${c.body ?? ""} → ${response.status}`;
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expect(response.status, what).toBeLessThan(500);
      const errorBody = (await response.json()) as { error?: unknown; code?: unknown; jsonrpc?: unknown };
      if (errorBody.jsonrpc !== "2.0") expect(typeof errorBody.code, what).toBe("string");
    }
  }
  expect(await rowCounts()).toEqual(before);
}, 600_000);
