import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/auth/access";
import { buildOpenApiDocument, OPERATIONS } from "./openapi";

describe("OpenAPI document", () => {
  it("documents exactly the endpoints of the access matrix", () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
  });

  it("derives request and response schemas from the routes' zod schemas", () => {
    const doc = buildOpenApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    const submit = doc.paths["/api/jobs"]!.post as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown>; required: string[] } } } };
      responses: Record<string, unknown>;
      security: Record<string, unknown>[];
    };
    const body = submit.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties).sort()).toEqual(["domain", "notify_email", "webhook_url"]);
    expect(body.required).toEqual(["domain"]);
    expect(Object.keys(submit.responses).sort()).toEqual(["201", "400", "401", "402", "403", "503"]);
    expect(submit.security).toEqual(expect.arrayContaining([{ apiKey: [] }, { session: [] }, { x402: [] }]));

    const keys = doc.paths["/api/api-keys"]!.get as { security: Record<string, unknown>[] };
    expect(keys.security).toEqual([{ session: [] }]);
    const job = doc.paths["/api/jobs/{id}"]!.get as { parameters: { name: string; in: string }[] };
    expect(job.parameters).toEqual([expect.objectContaining({ name: "id", in: "path" })]);
  });
});
