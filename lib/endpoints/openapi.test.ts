import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { ENDPOINTS } from "./registry";

type Json = Record<string, unknown>;
type Response = { description: string; content?: Record<string, { schema?: Json }>; headers?: Record<string, Json> };
type OperationObject = { operationId?: string; responses: Record<string, Response> };

const doc = buildOpenApiDocument();
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op: op as OperationObject })),
);
const operation = (path: string, method: string) => (doc.paths[path] as Record<string, OperationObject>)[method]!;

/** Follows a local `#/…` JSON pointer through the document; undefined when it leads nowhere. */
function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Json)[key] : undefined), doc);
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsIn(item, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refsIn(value, found);
    }
  }

  return found;
}

describe("OpenAPI document", () => {
  it("documents every declared endpoint, once", () => {
    const declared = ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(operations.map(({ name }) => name).sort()).toEqual(declared.sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("derives request and response schemas from the routes' zod schemas", () => {
    expect(doc.openapi).toBe("3.1.0");
    const submit = doc.paths["/api/jobs"]!.post as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown>; required: string[] } } } };
      responses: Record<string, unknown>;
      security: Record<string, unknown>[];
    };
    const body = submit.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties).sort()).toEqual(["domain", "notify_email", "webhook_url"]);
    expect(body.required).toEqual(["domain"]);
    expect(Object.keys(submit.responses).sort()).toEqual(["201", "400", "401", "402", "403", "409", "429", "503"]);
    expect(submit.security).toEqual(expect.arrayContaining([{ apiKey: [] }, { session: [] }, { x402: [] }]));

    const keys = doc.paths["/api/api-keys"]!.get as { security: Record<string, unknown>[] };
    expect(keys.security).toEqual([{ session: [] }]);
    const job = doc.paths["/api/jobs/{id}"]!.get as { parameters: { name: string; in: string }[] };
    expect(job.parameters).toEqual([expect.objectContaining({ name: "id", in: "path" })]);
  });

  it("documents the directory's technology filters and the app directory's pixel and tag counts", () => {
    const list = operation("/api/stores", "get") as unknown as { parameters: { name: string; in: string; schema: Json }[] };
    const query = Object.fromEntries(list.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
    expect(Object.keys(query)).toEqual(expect.arrayContaining(["q", "country", "currency", "app", "tag", "language", "market", "agent"]));
    // Each list filter is one comma-separated string whose pattern names what each value may be.
    expect(Object.keys(query)).toEqual(
      expect.arrayContaining(["app_any", "app_none", "installed", "removed", "theme", "products_min", "price_max"]),
    );
    expect(query.agent).toMatchObject({
      type: "string",
      pattern: "^(?:storefront_mcp|ucp|llms_txt)(?:,(?:storefront_mcp|ucp|llms_txt)){0,9}$",
    });
    expect(query.language).toMatchObject({ pattern: "^(?:[a-z]{2,3})(?:,(?:[a-z]{2,3})){0,9}$" });
    expect(query.market).toMatchObject({ pattern: "^(?:[A-Z]{2})(?:,(?:[A-Z]{2})){0,9}$" });
    const tags = (doc.components.schemas.AppList as { properties: Record<string, Json> }).properties.tags!;
    expect(tags).toMatchObject({ type: "array", items: { required: ["kind", "name", "stores"] } });
  });

  it("names every operation with a unique camelCase operationId", () => {
    const ids = operations.map(({ op }) => op.operationId);
    for (const { name, op } of operations) expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation("/api/jobs", "post").operationId).toBe("createJob");
    expect(operation("/api/reports/{id}", "get").operationId).toBe("getReport");
    expect(operation("/api/stores", "get").operationId).toBe("listStores");
  });

  it("gives every success and every error answer a body schema (none for 204, 304 or redirects)", () => {
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const bodiless = status === "204" || status.startsWith("3");
        if (bodiless) {
          expect(response.content, `${name} ${status}`).toBeUndefined();
          continue;
        }
        const media = Object.values(response.content ?? {});
        expect(media.length, `${name} ${status} has content`).toBeGreaterThan(0);
        for (const { schema } of media) expect(schema, `${name} ${status} has a schema`).toBeDefined();
      }
    }
  });

  it("names the shared shapes once in components and refers to them", () => {
    const schemas = doc.components.schemas;
    for (const name of [
      "Error",
      "Job",
      "Report",
      "PageSpeed",
      "StorePage",
      "StoreList",
      "AppList",
      "StoreAnalytics",
      "InventorySummary",
      "Product",
      "SnapshotComparison",
      "Changelog",
      "Pagination",
      "ApiKey",
      "PaymentRequired",
      "PaymentRequirements",
      "RateLimited",
    ]) {
      expect(schemas, name).toHaveProperty(name);
    }
    const success = (path: string, method: string, status: string) =>
      operation(path, method).responses[status]!.content!["application/json"]!.schema;
    expect(success("/api/reports/{id}", "get", "200")).toEqual({ $ref: "#/components/schemas/Report" });
    expect(success("/api/stores/{slug}", "get", "200")).toEqual({ $ref: "#/components/schemas/StorePage" });
    expect(success("/api/jobs", "post", "201")).toEqual({ $ref: "#/components/schemas/JobEnvelope" });
    expect((schemas.Report as { properties: Json }).properties.products).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Product" },
    });
    expect((schemas.StoreList as { properties: Json }).properties.pagination).toEqual({ $ref: "#/components/schemas/Pagination" });
    expect(success("/api/jobs/{id}", "get", "404")).toEqual({ $ref: "#/components/schemas/Error" });
  });

  it("resolves every $ref", () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith("#/"), ref).toBe(true);
      expect(resolve(ref), ref).toBeDefined();
    }
  });

  it("documents the x402 payment body of a 402 and Retry-After on every 429 and 503", () => {
    const submit = operation("/api/jobs", "post");
    expect(submit.responses["402"]!.content!["application/json"]!.schema).toEqual({
      oneOf: [{ $ref: "#/components/schemas/PaymentRequired" }, { $ref: "#/components/schemas/PlanLimitReached" }],
    });
    const payment = doc.components.schemas.PaymentRequired as { required: string[]; properties: Json };
    expect(payment.required).toEqual(expect.arrayContaining(["x402Version", "accepts", "error"]));
    expect(payment.properties.accepts).toEqual({ type: "array", items: { $ref: "#/components/schemas/PaymentRequirements" } });
    expect((doc.components.schemas.PaymentRequirements as { required: string[] }).required).toEqual(
      expect.arrayContaining(["scheme", "network", "maxAmountRequired", "payTo", "asset", "resource"]),
    );
    expect(submit.responses["201"]!.headers).toHaveProperty("X-PAYMENT-RESPONSE");

    for (const { name, op } of operations) {
      for (const status of ["429", "503"]) {
        const response = op.responses[status];
        if (response)
          expect(response.headers, `${name} ${status}`).toEqual(
            expect.objectContaining({ "Retry-After": { $ref: "#/components/headers/Retry-After" } }),
          );
      }
      if (name !== "GET /api/health") expect(op.responses, name).toHaveProperty("429");
    }
    const limited = doc.components.schemas.RateLimited as { required: string[] };
    expect(limited.required).toEqual(expect.arrayContaining(["error", "code", "limit_type", "retry_after"]));
    expect(operation("/api/chat", "post").responses["429"]!.content!["application/json"]!.schema).toEqual({
      oneOf: [
        { $ref: "#/components/schemas/ChatPerMinuteLimit" },
        { $ref: "#/components/schemas/ChatDailyLimit" },
        { $ref: "#/components/schemas/RateLimited" },
      ],
    });
  });
});
