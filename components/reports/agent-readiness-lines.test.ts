import { describe, expect, it } from "vitest";
import type { AgentReadiness } from "@/lib/agent-readiness/schemas";
import { agentReadinessLines, crawlerTally, unnamedCrawlerSentence } from "./agent-readiness-lines";

const none = { http_status: 404, detail: "HTTP 404" };
const readiness = (over: Partial<AgentReadiness> = {}): AgentReadiness => ({
  storefront_mcp: { status: "answers", http_status: 200, detail: null, tools: ["search_shop_catalog", "get_cart"], tool_count: 2 },
  ucp_profile: {
    status: "answers",
    http_status: 200,
    detail: null,
    version: "2026-04-08",
    capabilities: ["dev.ucp.shopping.checkout"],
    capability_count: 1,
  },
  llms_txt: { status: "answers", http_status: 200, detail: null, bytes: 1_234, heading: "Laneway" },
  ai_crawlers: { everyone: "partly", crawlers: [] },
  ...over,
});

describe("agentReadinessLines", () => {
  it("says what a ready store answers, in a person's words", () => {
    expect(agentReadinessLines(readiness()).map((line) => line.text)).toEqual([
      "Answers Shopify's Storefront MCP (2 tools: search_shop_catalog, get_cart)",
      "UCP profile: version 2026-04-08 (1 capability: dev.ucp.shopping.checkout)",
      'llms.txt: present, 1,234 bytes ("Laneway")',
    ]);
  });

  it("says how many more tools there are than it names, and why one is missing", () => {
    const lines = agentReadinessLines(
      readiness({
        storefront_mcp: { status: "answers", http_status: 200, detail: null, tools: ["a"], tool_count: 60 },
        ucp_profile: { ...none, status: "absent", version: null, capabilities: [], capability_count: 0 },
        llms_txt: { status: "disallowed", http_status: null, detail: null, bytes: null, heading: null },
      }),
    );
    expect(lines.map((line) => [line.text, line.ok])).toEqual([
      ["Answers Shopify's Storefront MCP (60 tools: a, and 59 more)", true],
      ["No checkout profile for AI agents: it publishes no Universal Commerce Protocol (UCP) profile", false],
      ["Summary for AI assistants (llms.txt): not checked, as the store's robots.txt asks StoreLensBot to stay away", false],
    ]);
    // The status code is there for whoever wants it, on a line of its own, never in the sentence.
    expect(lines[1]!.detail).toBe("Our request got: HTTP 404");
    expect(lines.map((line) => line.text).join(" ")).not.toMatch(/HTTP \d/);
  });

  it("says what a crawler robots.txt does not name may do", () => {
    expect(unnamedCrawlerSentence("partly")).toBe(
      "A crawler it does not name follows its rules for all crawlers, which disallow some paths.",
    );
    expect(unnamedCrawlerSentence("not_mentioned")).toBe(
      "A crawler it does not name may read everything: it has no rules for all crawlers.",
    );
  });
});

// The folded crawler table says in one line what the table holds, the refusals first.
describe("crawlerTally", () => {
  it("counts each answer, disallowed first, and says when none is listed", () => {
    const crawlers = [
      { agent: "GPTBot", verdict: "disallowed" },
      { agent: "ClaudeBot", verdict: "not_mentioned" },
      { agent: "CCBot", verdict: "disallowed" },
      { agent: "PerplexityBot", verdict: "not_mentioned" },
      { agent: "Google-Extended", verdict: "allowed" },
    ] as AgentReadiness["ai_crawlers"]["crawlers"];
    expect(crawlerTally(crawlers)).toBe("2 whole site disallowed, 1 allowed, 2 not mentioned");
    expect(crawlerTally([])).toBe("none listed");
  });
});
