import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/endpoints/registry";
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

  it("have one name each, and only the analysis writes", () => {
    expect(new Set(STORE_TOOLS.map((tool) => tool.name)).size).toBe(STORE_TOOLS.length);
    expect(STORE_TOOLS.filter((tool) => !tool.readOnly).map((tool) => tool.name)).toEqual(["analyze_store"]);
    expect(STORE_TOOLS.filter((tool) => tool.readOnly).every((tool) => tool.endpoint.method === "GET")).toBe(true);
  });
});
