import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/auth/access";
import { STORE_TOOLS } from "./index";

// A tool answers what its HTTP endpoint answers, so it must admit exactly the callers that
// endpoint admits: the access matrix has one row per endpoint, and the tool names that row.
describe("the store tools", () => {
  it("each names an endpoint of the access matrix and takes that endpoint's row", () => {
    const rows = new Map(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.access]));
    const mismatched = STORE_TOOLS.filter((tool) => rows.get(tool.endpoint) !== tool.access).map(
      (tool) => `${tool.name}: ${tool.access}, but ${tool.endpoint} is ${rows.get(tool.endpoint) ?? "not an endpoint"}`,
    );

    expect(mismatched).toEqual([]);
  });

  it("have one name each, and the read tools say so", () => {
    expect(new Set(STORE_TOOLS.map((tool) => tool.name)).size).toBe(STORE_TOOLS.length);
    expect(STORE_TOOLS.filter((tool) => !tool.readOnly).map((tool) => tool.name)).toEqual(["analyze_store"]);
    expect(STORE_TOOLS.filter((tool) => tool.readOnly).every((tool) => tool.endpoint.startsWith("GET "))).toBe(true);
  });
});
