import { describe, expect, it } from "vitest";
import { passwordResetRequestSchema, signUpSchema } from "@/lib/auth/schemas";
import { passwordProblem } from "@/lib/auth/password-rules";
import { createJobRequestSchema } from "@/lib/jobs/create-job-request";
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

  it("documents the x402 payment body of a 402, Retry-After on every 429 (always sent) and 503 (absent when a service is not configured)", () => {
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

    expect(doc.components.headers["Retry-After"]).toMatchObject({ required: true });
    for (const { name, op } of operations) {
      if (op.responses["429"]) {
        expect(op.responses["429"].headers, `${name} 429`).toEqual(
          expect.objectContaining({ "Retry-After": { $ref: "#/components/headers/Retry-After" } }),
        );
      }
      expect(op.responses["503"]?.headers?.["Retry-After"], `${name} 503`).toMatchObject({
        required: false,
        description: expect.stringContaining("not configured"),
      });
      if (name !== "GET /api/health") expect(op.responses, name).toHaveProperty("429");
    }
    const limited = doc.components.schemas.RateLimited as { required: string[] };
    expect(limited.required).toEqual(expect.arrayContaining(["error", "code", "limit_type", "retry_after"]));
    expect(operation("/api/chat", "post").responses["429"]!.content!["application/json"]!.schema).toEqual({
      oneOf: [
        { $ref: "#/components/schemas/ChatPerMinuteLimit" },
        { $ref: "#/components/schemas/ChatDailyLimit" },
        { $ref: "#/components/schemas/IpCooldown" },
      ],
    });
    expect(operation("/api/jobs/{id}/events", "get").responses["429"]!.content!["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/RateLimited",
    });
  });

  it("gives every operation a summary and a description, and describes every tag it uses in the top-level list", () => {
    const listed = doc.tags.map((tag) => tag.name);
    expect(new Set(listed).size).toBe(listed.length);
    for (const tag of doc.tags) expect(tag.description.length, tag.name).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const { name, op } of operations) {
      const { summary, description, tags } = op as unknown as { summary?: string; description?: string; tags: string[] };
      expect(summary?.length, `${name} summary`).toBeGreaterThan(5);
      expect(description?.length, `${name} description`).toBeGreaterThan(summary!.length > 200 ? 20 : 40);
      expect(tags.length, name).toBe(1);
      for (const tag of tags) {
        expect(listed, `${name} tag ${tag}`).toContain(tag);
        used.add(tag);
      }
    }
    expect([...used].sort()).toEqual([...listed].sort());
  });

  it("documents 400 on every operation, those with path parameters included (every route refuses malformed ones)", () => {
    for (const { name, op } of operations) expect(Object.keys(op.responses), name).toContain("400");
    for (const [path, method] of [
      ["/api/apps/{name}", "get"],
      ["/api/blog/{slug}", "get"],
      ["/api/pagespeed/{jobId}", "get"],
      ["/api/shops/{slug}", "delete"],
      ["/api/jobs/{id}", "get"],
    ] as const) {
      expect(operation(path, method).responses["400"]!.content!["application/json"]!.schema, path).toEqual({
        $ref: "#/components/schemas/Error",
      });
    }
  });

  it("makes every oneOf of an answer exclusive: its branches differ in a required constant (code, limit_type)", () => {
    const deref = (schema: Json): Json => (typeof schema.$ref === "string" ? (resolve(schema.$ref) as Json) : schema);
    const constants = (schema: Json): Map<string, unknown[]> => {
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const found = new Map<string, unknown[]>();
      for (const [key, property] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
        if (!required.has(key)) continue;
        if ("const" in property) found.set(key, [property.const]);
        else if (Array.isArray(property.enum)) found.set(key, property.enum);
      }

      return found;
    };
    const exclusive = (a: Json, b: Json) => {
      const [ca, cb] = [constants(deref(a)), constants(deref(b))];
      return [...ca].some(([key, values]) => cb.has(key) && !values.some((value) => cb.get(key)!.includes(value)));
    };
    let checked = 0;
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const branches = (response.content?.["application/json"]?.schema?.oneOf as Json[] | undefined) ?? [];
        for (const [i, a] of branches.entries()) {
          for (const b of branches.slice(i + 1)) {
            checked += 1;
            expect(exclusive(a, b), `${name} ${status}: ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`).toBe(true);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("documents the Stripe webhook's body and its required Stripe-Signature header", () => {
    const webhook = operation("/api/stripe/webhook", "post") as unknown as {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: { required: boolean; content: Record<string, { schema: Json }> };
    };
    expect(webhook.parameters).toEqual([expect.objectContaining({ name: "Stripe-Signature", in: "header", required: true })]);
    expect(webhook.requestBody.required).toBe(true);
    expect(webhook.requestBody.content["application/json"]!.schema).toMatchObject({
      type: "object",
      required: ["id", "object", "type", "data"],
    });
  });

  it("states the request bodies' real constraints: e-mail, password, the chat's last message, GET /api/jobs's id or domain", () => {
    const bodyOf = (path: string) =>
      (
        operation(path, "post") as unknown as {
          requestBody: { content: { "application/json": { schema: { properties: Record<string, Json> } } } };
        }
      ).requestBody.content["application/json"].schema.properties;
    const signUp = bodyOf("/api/auth/sign-up");
    expect(signUp.email).toMatchObject({ type: "string", maxLength: 254, pattern: expect.any(String) });
    expect(signUp.password).toMatchObject({ type: "string", minLength: 10, maxLength: 200, pattern: expect.any(String) });
    expect(bodyOf("/api/auth/reset-password/confirm").password).toEqual(signUp.password);
    expect(bodyOf("/api/auth/reset-password").email).toEqual(signUp.email);
    expect(bodyOf("/api/jobs").notify_email).toMatchObject({ type: "string", format: "email", pattern: expect.any(String) });
    expect(bodyOf("/api/chat").messages!.description).toMatch(/last message must be the user's question/);
    const find = operation("/api/jobs", "get") as unknown as { description: string; parameters: { name: string; description: string }[] };
    expect(find.description).toMatch(/id or domain is required/);
    for (const parameter of find.parameters) expect(parameter.description, parameter.name).toMatch(/required unless/);
  });

  it("accepts exactly the e-mail addresses and passwords the server accepts (the documented patterns against the zod checks)", () => {
    const bodyOf = (path: string) =>
      (
        operation(path, "post") as unknown as {
          requestBody: { content: { "application/json": { schema: { properties: Record<string, Json> } } } };
        }
      ).requestBody.content["application/json"].schema.properties;
    const documented = (schema: Json, value: string) =>
      new RegExp(schema.pattern as string, "u").test(value) &&
      value.length <= ((schema.maxLength as number | undefined) ?? Infinity) &&
      value.length >= ((schema.minLength as number | undefined) ?? 0);
    const addresses = [
      "pat@example.com",
      "Pat.Smith+tag@Sub.Example.co",
      "  pat@example.com ",
      "x@bad-.com",
      "x@-bad.com",
      "x@bad_label.com",
      "x@a..com",
      ".x@example.com",
      "x.@example.com",
      "x@example.c",
      "x@example",
      `x@${"a".repeat(64)}.com`,
      `${"a".repeat(250)}@b.co`,
      "",
    ];
    const notify = bodyOf("/api/jobs").notify_email!;
    const email = bodyOf("/api/auth/sign-up").email!;
    for (const address of addresses) {
      const server = createJobRequestSchema.safeParse({ domain: "example.com", notify_email: address }).success;
      expect(documented(notify, address), `notify_email ${JSON.stringify(address)}`).toBe(server);
      expect(documented(email, address), `email ${JSON.stringify(address)}`).toBe(
        passwordResetRequestSchema.safeParse({ email: address }).success,
      );
    }
    expect(createJobRequestSchema.safeParse({ domain: "example.com", notify_email: "x@bad-.com" }).success).toBe(false);

    const password = bodyOf("/api/auth/sign-up").password!;
    for (const candidate of [
      "short1A",
      "alllowercaseletters",
      "ALLUPPER123",
      "1234567890",
      "!!!!!!!!!!a",
      "Abcdefghij",
      "a".repeat(199) + "1",
      "a".repeat(201) + "1",
      "ab\ncdefghij1",
    ]) {
      const server = signUpSchema.safeParse({ email: "pat@example.com", password: candidate }).success;
      expect(documented(password, candidate), `password ${JSON.stringify(candidate)}`).toBe(server);
      expect(passwordProblem(candidate) === null, `the forms' rule on ${JSON.stringify(candidate)}`).toBe(server);
    }
  });
});
