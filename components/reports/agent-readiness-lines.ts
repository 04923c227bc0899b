import type { AgentReadiness } from "@/lib/agent-readiness/schemas";

type Check = { status: AgentReadiness["storefront_mcp"]["status"]; detail: string | null };

/** Why a check has no answer, in the words a person reads after its name. */
function notAnswered({ status, detail }: Check): string {
  switch (status) {
    case "disallowed":
      return "not asked: robots.txt disallows it for StoreLensBot";
    case "not_checked":
      return "not checked in this analysis";
    case "refused":
      return `refused${detail ? ` (${detail})` : ""}`;
    case "error":
      return `could not be read${detail ? ` (${detail})` : ""}`;
    default:
      return `none${detail ? ` (${detail})` : ""}`;
  }
}

/** One sentence per agent-facing endpoint, as the report page says them. */
export function agentReadinessLines(value: AgentReadiness): { label: string; text: string; ok: boolean }[] {
  const { storefront_mcp: mcp, ucp_profile: ucp, llms_txt: llms } = value;
  const more = (shown: number, total: number) => (total > shown ? `, and ${total - shown} more` : "");
  const tools = mcp.tool_count === 1 ? "1 tool" : `${mcp.tool_count} tools`;
  const capabilities = ucp.capability_count === 1 ? "1 capability" : `${ucp.capability_count} capabilities`;

  return [
    {
      label: "Storefront MCP",
      ok: mcp.status === "answers",
      text:
        mcp.status === "answers"
          ? `Answers Shopify's Storefront MCP (${tools}${mcp.tools.length > 0 ? `: ${mcp.tools.join(", ")}${more(mcp.tools.length, mcp.tool_count)}` : ""})`
          : `Storefront MCP: ${notAnswered(mcp)}`,
    },
    {
      label: "UCP profile",
      ok: ucp.status === "answers",
      text:
        ucp.status === "answers"
          ? `UCP profile: version ${ucp.version ?? "not stated"} (${capabilities}${ucp.capabilities.length > 0 ? `: ${ucp.capabilities.join(", ")}${more(ucp.capabilities.length, ucp.capability_count)}` : ""})`
          : `UCP profile: ${notAnswered(ucp)}`,
    },
    {
      label: "llms.txt",
      ok: llms.status === "answers",
      text:
        llms.status === "answers"
          ? `llms.txt: present${llms.bytes === null ? "" : `, ${llms.bytes.toLocaleString("en")} bytes`}${llms.heading ? ` ("${llms.heading}")` : ""}`
          : `llms.txt: ${notAnswered(llms)}`,
    },
  ];
}

export const CRAWLER_VERDICT_TEXT: Record<AgentReadiness["ai_crawlers"]["everyone"], string> = {
  allowed: "Allowed",
  partly: "Some paths disallowed",
  disallowed: "Whole site disallowed",
  not_mentioned: "Not mentioned",
};

const EVERYONE: Record<AgentReadiness["ai_crawlers"]["everyone"], string> = {
  allowed: "follows its rules for all crawlers, which disallow nothing",
  partly: "follows its rules for all crawlers, which disallow some paths",
  disallowed: "follows its rules for all crawlers, which disallow the whole site",
  not_mentioned: "may read everything: it has no rules for all crawlers",
};

/** What robots.txt tells a crawler it does not name (the `*` group's verdict), as a sentence. */
export function unnamedCrawlerSentence(everyone: AgentReadiness["ai_crawlers"]["everyone"]): string {
  return `A crawler it does not name ${EVERYONE[everyone]}.`;
}

/** The crawler table folded into one line: how many crawlers get each answer, the most telling first. */
export function crawlerTally(crawlers: AgentReadiness["ai_crawlers"]["crawlers"]): string {
  const order = ["disallowed", "partly", "allowed", "not_mentioned"] as const;
  const counts = order
    .map((verdict) => [verdict, crawlers.filter((crawler) => crawler.verdict === verdict).length] as const)
    .filter(([, count]) => count > 0);
  if (counts.length === 0) return "none listed";

  return counts.map(([verdict, count]) => `${count} ${CRAWLER_VERDICT_TEXT[verdict].toLowerCase()}`).join(", ");
}
