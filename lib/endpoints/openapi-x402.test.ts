import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

describe("OpenAPI document – x402 on POST /api/jobs", () => {
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
});
