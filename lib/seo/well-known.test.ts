// /llms.txt tells an agent which MCP tool answers what: each tool with the HTTP endpoint it fronts.
import { describe, expect, it } from "vitest";
import { STORE_TOOLS } from "@/lib/tools";
import { buildLlmsTxt } from "./well-known";

describe("llms.txt", () => {
  it("lists every MCP tool with the method and path of the endpoint it fronts", () => {
    const text = buildLlmsTxt();
    expect(text).toContain("- `search_stores` (GET /api/stores): Search the store directory");
    expect(text).toContain("- `analyze_store` (POST /api/jobs): Analyze a store");
    for (const tool of STORE_TOOLS) expect(text).toContain(`- \`${tool.name}\` (${tool.endpoint.method} ${tool.endpoint.path})`);
  });
});
