import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/endpoints/registry";
import { successSchemaOf } from "./define-tool";
import { STORE_TOOLS } from "./index";

// A tool answers what its HTTP endpoint answers, so it must admit exactly the callers that
// endpoint admits and say what it says: each tool fronts a declared endpoint and takes that
// declaration's access rule and summary.
describe("the store tools", () => {
  it("each fronts a declared endpoint and takes its row of the access matrix and its summary", () => {
    const mismatched = STORE_TOOLS.filter(
      (tool) =>
        !ENDPOINTS.includes(tool.endpoint) || tool.access !== tool.endpoint.access || !tool.description.startsWith(tool.endpoint.summary),
    ).map((tool) => `${tool.name}: ${tool.endpoint.method} ${tool.endpoint.path}`);

    expect(mismatched).toEqual([]);
  });

  it("have one name each, and only the analyses (one store, a batch) and the caller's own read marks write", () => {
    expect(new Set(STORE_TOOLS.map((tool) => tool.name)).size).toBe(STORE_TOOLS.length);
    expect(STORE_TOOLS.filter((tool) => !tool.hints.readOnlyHint).map((tool) => tool.name)).toEqual([
      "analyze_store",
      "analyze_batch",
      "mark_alerts_read",
    ]);
    expect(STORE_TOOLS.filter((tool) => tool.hints.readOnlyHint).every((tool) => tool.endpoint.method === "GET")).toBe(true);
  });

  // One source for a result's shape: OpenAPI's answer schema is the tool's outputSchema, and the
  // one tool answering something else builds it from that schema.
  it("return their endpoint's answer schema, but get_report (one page of the report: products_pagination always there)", () => {
    const own = STORE_TOOLS.filter((tool) => tool.output !== successSchemaOf(tool.endpoint)).map((tool) => tool.name);

    expect(own).toEqual(["get_report"]);
    const getReport = STORE_TOOLS.find((tool) => tool.name === "get_report")!;
    const answer = successSchemaOf(getReport.endpoint);
    expect(Object.keys(getReport.output.shape).sort()).toEqual(Object.keys(answer.shape).sort());
    expect(getReport.output.shape.products).toBe(answer.shape.products);
    expect(answer.shape.products_pagination!.safeParse(undefined).success).toBe(true);
    expect(getReport.output.shape.products_pagination!.safeParse(undefined).success).toBe(false);
  });
});
