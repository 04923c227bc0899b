import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "@/lib/endpoints/openapi";
import { storePageSchema } from "@/lib/store-directory/schemas";
import { responseExample, successSchema, type JsonSchema } from "./response-example";

// The example answers on /docs are made from the schemas the endpoints answer with: every field is
// there, references resolved, nullable fields shown with a value, and the result is what the schema accepts.

describe("responseExample", () => {
  it("follows references, shows a nullable field's value and names well-known fields", () => {
    const components: Record<string, JsonSchema> = {
      Store: {
        type: "object",
        properties: {
          domain: { type: "string" },
          country: { anyOf: [{ type: "string" }, { type: "null" }] },
          url: { type: "string", format: "uri" },
          analyzed_at: { type: "string", format: "date-time" },
          products: { type: "integer", minimum: -9007199254740991 },
          status: { type: "string", enum: ["queued", "running"] },
          tags: { type: "array", items: { type: "string" } },
        },
      },
      Tree: { type: "object", properties: { child: { $ref: "#/components/schemas/Tree" } } },
    };
    expect(responseExample({ $ref: "#/components/schemas/Store" }, components, "https://storelens.example/")).toEqual({
      domain: "example-store.myshopify.com",
      country: "PT",
      url: "https://storelens.example/…",
      analyzed_at: "2026-11-29T12:00:00.000Z",
      products: 1,
      status: "queued",
      tags: ["tags"],
    });
    // A schema that contains itself ends instead of recursing for ever.
    expect(responseExample({ $ref: "#/components/schemas/Tree" }, components, "x")).toEqual({ child: null });
  });

  it("makes the store page's example from its schema, one the schema itself accepts", () => {
    const doc = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, JsonSchema> };
    };
    const success = successSchema(doc.paths["/api/stores/{slug}"]!.get!.responses)!;
    expect(success.status).toBe("200");
    const example = responseExample(success.schema, doc.components.schemas, "https://storelens.example");
    const parsed = storePageSchema.safeParse(example);
    expect(parsed.success ? [] : z.prettifyError(parsed.error)).toEqual([]);
  });
});
