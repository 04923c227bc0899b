import { describe, expect, it } from "vitest";
import { agentReadinessReport } from "./agent-readiness-report";
import { AI_CRAWLERS } from "./ai-crawlers";
import type { AgentEndpoints } from "./schemas";

const found: AgentEndpoints = {
  storefront_mcp: { status: "answers", http_status: 200, detail: null, tools: ["get_cart"], tool_count: 1 },
  ucp_profile: { status: "absent", http_status: 404, detail: "HTTP 404", version: null, capabilities: [], capability_count: 0 },
  llms_txt: { status: "refused", http_status: 403, detail: "refused (403)", bytes: null, heading: null },
};

describe("agentReadinessReport", () => {
  it("keeps what the step found and adds every AI crawler's verdict, in a fixed order", () => {
    const robots = {
      status: "ok" as const,
      text: "User-agent: *\nDisallow: /cart\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n",
    };
    const report = agentReadinessReport(found, robots);

    expect(report).toMatchObject(found);
    expect(report.ai_crawlers.everyone).toBe("partly");
    expect(report.ai_crawlers.crawlers.map((c) => c.agent)).toEqual([...AI_CRAWLERS]);
    expect(report.ai_crawlers.crawlers.filter((c) => c.verdict === "disallowed").map((c) => c.agent)).toEqual(["GPTBot", "CCBot"]);
    expect(report.ai_crawlers.crawlers.filter((c) => c.verdict === "not_mentioned")).toHaveLength(AI_CRAWLERS.length - 2);
  });

  it("says not_checked for a job whose step kept nothing, and not_mentioned without a robots.txt", () => {
    const report = agentReadinessReport(null, null);

    expect([report.storefront_mcp.status, report.ucp_profile.status, report.llms_txt.status]).toEqual([
      "not_checked",
      "not_checked",
      "not_checked",
    ]);
    expect(report.ai_crawlers.everyone).toBe("not_mentioned");
    expect(report.ai_crawlers.crawlers.every((c) => c.verdict === "not_mentioned")).toBe(true);
  });
});
