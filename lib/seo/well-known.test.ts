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

  it("points an agent at the MCP endpoint, the server card and server.json", () => {
    const text = buildLlmsTxt();
    expect(text).toContain("at `http://localhost:3000/api/mcp`");
    expect(text).toContain("[MCP server card](http://localhost:3000/.well-known/mcp/server-card.json)");
    expect(text).toContain("[server.json](http://localhost:3000/server.json)");
  });
});
