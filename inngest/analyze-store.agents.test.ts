/**
 * Agent readiness through the whole pipeline: the fake store serves Shopify's Storefront MCP, a
 * UCP profile, an llms.txt and robots.txt groups for AI crawlers; the report's
 * metadata.agent_readiness says what each answered, a store without them reads `absent`, and a
 * path robots.txt disallows for StoreLensBot is reported `disallowed` without being requested.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import type { ReportMetadata } from "@/lib/reports/schemas";
import { fixtureStore } from "@/testing/fake-store";
import { STOREFRONT_MCP_TOOLS, UCP_VERSION } from "@/testing/fake-store/agents";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { checkAgentReadinessStep } from "@/lib/pipeline/check-agent-readiness-step";

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

async function analyze(domain: string) {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const job = await h.waitForJob(((await response.json()) as { job: { id: string } }).job.id);
  expect(job.status).toBe("completed");
  const [report] = await getDb().select({ metadata: reports.metadata }).from(reports).where(eq(reports.jobId, job.id));
  const { agent_readiness: readiness, crawl } = report!.metadata as ReportMetadata;

  return { jobId: job.id, readiness: readiness!, crawl: crawl!.value };
}

const agentRequests = (domain: string) =>
  h.fakeStore
    .store(domain)
    .log()
    .filter((entry) => ["/api/mcp", "/.well-known/ucp", "/llms.txt"].includes(entry.path))
    .map((entry) => `${entry.method} ${entry.path} ${entry.status}`);

describe("agent readiness in the pipeline", () => {
  it("reports the Storefront MCP tools, the UCP profile, llms.txt and what robots.txt tells each AI crawler", async () => {
    h.fakeStore.addStore(fixtureStore("agents.test"));
    const { jobId, readiness } = await analyze("agents.test");

    expect(readiness.basis).toBe("observed");
    expect(readiness.value.storefront_mcp).toEqual({
      status: "answers",
      http_status: 200,
      detail: null,
      tools: STOREFRONT_MCP_TOOLS.map(([name]) => name),
      tool_count: 5,
    });
    expect(readiness.value.ucp_profile).toMatchObject({ status: "answers", version: UCP_VERSION, capability_count: 3 });
    expect(readiness.value.ucp_profile.capabilities).toContain("dev.ucp.shopping.checkout");
    expect(readiness.value.llms_txt).toMatchObject({ status: "answers", http_status: 200, heading: expect.any(String) });
    expect(readiness.value.llms_txt.bytes).toBeGreaterThan(0);
    const verdicts = Object.fromEntries(readiness.value.ai_crawlers.crawlers.map((c) => [c.agent, c.verdict]));
    expect(verdicts).toMatchObject({ GPTBot: "disallowed", ClaudeBot: "allowed", PerplexityBot: "partly", CCBot: "not_mentioned" });
    expect(Object.keys(verdicts)).toHaveLength(14);
    expect(readiness.value.ai_crawlers.everyone).toBe("partly");
    // One request each, the MCP one a POST.
    expect(agentRequests("agents.test")).toEqual(["POST /api/mcp 200", "GET /.well-known/ucp 200", "GET /llms.txt 200"]);
    // A replay of the step (a worker lost after saving) asks the store nothing again.
    expect(await checkAgentReadinessStep(jobId, "agents.test")).toEqual({ mcp: "answers" });
    expect(agentRequests("agents.test")).toHaveLength(3);
  });

  it("reports absent for a store that serves none of them, and the job completes", async () => {
    h.fakeStore.addStore(fixtureStore("no-agents.test", { storefrontMcp: false, ucpProfile: false, llmsTxt: false, robotsTxt: null }));
    const { readiness } = await analyze("no-agents.test");

    expect(readiness.value.storefront_mcp).toMatchObject({ status: "absent", http_status: 404, tools: [], tool_count: 0 });
    expect(readiness.value.ucp_profile).toMatchObject({ status: "absent", http_status: 404, version: null });
    expect(readiness.value.llms_txt).toMatchObject({ status: "absent", http_status: 404, bytes: null });
    expect(readiness.value.ai_crawlers.crawlers.every((c) => c.verdict === "not_mentioned")).toBe(true);
    expect(agentRequests("no-agents.test")).toEqual(["POST /api/mcp 404", "GET /.well-known/ucp 404", "GET /llms.txt 404"]);
  });

  it("does not request /api/mcp when robots.txt disallows it for StoreLensBot, and reports it disallowed", async () => {
    const robotsTxt = "User-agent: *\nDisallow: /cart\n\nUser-agent: StoreLensBot\nDisallow: /api/\nDisallow: /cart\n";
    h.fakeStore.addStore(fixtureStore("no-mcp.test", { robotsTxt }));
    const { readiness, crawl } = await analyze("no-mcp.test");

    expect(readiness.value.storefront_mcp).toMatchObject({ status: "disallowed", http_status: null, tools: [] });
    expect(readiness.value.ucp_profile.status).toBe("answers");
    expect(agentRequests("no-mcp.test")).toEqual(["GET /.well-known/ucp 200", "GET /llms.txt 200"]);
    expect(crawl.robots.skipped).toContainEqual({ path: "/api/mcp", kind: "api" });
  });
});
