import { describe, expect, it } from "vitest";
import { curlExample, type DocumentOperation } from "./curl-example";
import { buildOpenApiDocument } from "./openapi";

// /docs shows a curl command per operation, built from the OpenAPI document: the right method,
// credentials only where the operation needs them, placeholders for path values and a body
// that holds the required fields.

const doc = buildOpenApiDocument();
const example = (method: string, path: string) =>
  curlExample(
    method,
    path,
    doc.paths[path]![method.toLowerCase()] as DocumentOperation,
    "https://storelens.example",
    "authjs.session-token",
  );

describe("curlExample", () => {
  it("submits a job with the API key and a JSON body of its required fields", () => {
    expect(example("POST", "/api/jobs")).toBe(
      [
        "curl -sS 'https://storelens.example/api/jobs'",
        `  -H "X-API-Key: $STORELENS_API_KEY"`,
        "  -H 'Content-Type: application/json'",
        `  -d '{"domain":"allbirds.com"}'`,
      ].join(" \\\n"),
    );
  });

  it("reads a public resource without credentials and fills the path with a placeholder", () => {
    expect(example("GET", "/api/stores/{slug}")).toBe("curl -sS 'https://storelens.example/api/stores/<slug>'");
  });

  it("shows where query parameters go, with the required ones or a first example", () => {
    expect(example("GET", "/api/free-export")).toBe("curl -sS 'https://storelens.example/api/free-export?slug=<slug>'");
    expect(example("GET", "/api/apps")).toBe("curl -sS 'https://storelens.example/api/apps?category=reviews'");
  });

  it("uses the session cookie for session-only operations and names the method when curl would not", () => {
    expect(example("DELETE", "/api/api-keys/{id}")).toBe(
      `curl -sS -X DELETE 'https://storelens.example/api/api-keys/<id>' \\\n  -b "authjs.session-token=$STORELENS_SESSION"`,
    );
  });

  it("keeps the connection open for an event stream", () => {
    expect(example("GET", "/api/jobs/{id}/events")).toContain("\n  -N");
  });
});
