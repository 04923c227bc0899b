import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

describe("OpenAPI document – x402 on POST /api/jobs and POST /api/batches", () => {
  it("lists the v2 and v1 payment headers a caller sends, and the headers of the 402 and of the paid 201", () => {
    const submit = buildOpenApiDocument().paths["/api/jobs"]!.post as {
      parameters: { name: string; in: string }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    const headers = submit.parameters.filter((p) => p.in === "header").map((p) => p.name);
    expect(headers).toEqual(["PAYMENT-SIGNATURE", "X-PAYMENT"]);
    expect(Object.keys(submit.responses["402"]!.headers ?? {})).toEqual(["PAYMENT-REQUIRED"]);
    expect(Object.keys(submit.responses["201"]!.headers ?? {}).sort()).toEqual(["PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE"]);
    const other = buildOpenApiDocument().paths["/api/jobs"]!.get as { parameters: { in: string }[] };
    expect(other.parameters.some((p) => p.in === "header")).toBe(false);
  });

  it("POST /api/batches takes the same payment headers and documents the priced 402 and the paid 201's receipts; GET /api/batches/:id is open to the payer", () => {
    const paths = buildOpenApiDocument().paths;
    const create = paths["/api/batches"]!.post as {
      description: string;
      parameters: { name: string; in: string }[];
      responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
      security: Record<string, unknown>[];
    };
    expect(create.parameters.filter((p) => p.in === "header").map((p) => p.name)).toEqual(["PAYMENT-SIGNATURE", "X-PAYMENT"]);
    expect(Object.keys(create.responses["402"]!.headers ?? {})).toEqual(["PAYMENT-REQUIRED"]);
    expect(JSON.stringify(create.responses["402"]!.content)).toContain('#/components/schemas/PaymentRequired"');
    expect(Object.keys(create.responses["201"]!.headers ?? {}).sort()).toEqual(["PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE"]);
    expect(create.security).toContainEqual({ x402: [] });
    expect(create.description).toMatch(/priced by the body/);
    const read = paths["/api/batches/{id}"]!.get as { security: Record<string, unknown>[] };
    expect(read.security).toContainEqual({});
  });
});
