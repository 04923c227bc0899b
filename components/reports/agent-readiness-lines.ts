import { formatCount, plural } from "@/components/ui/format";
import type { AgentReadiness } from "@/lib/agent-readiness/schemas";

type Check = { status: AgentReadiness["storefront_mcp"]["status"]; detail: string | null };

/** Each endpoint as a merchant knows it: what it is for, the technical name in brackets. */
const PLAIN = {
  mcp: {
    name: "Catalog search for AI shopping agents (Shopify's Storefront MCP)",
    absent: "AI shopping agents cannot search its catalog: it does not answer Shopify's Storefront MCP",
  },
  ucp: {
    name: "Checkout profile for AI agents (UCP)",
    absent: "No checkout profile for AI agents: it publishes no Universal Commerce Protocol (UCP) profile",
  },
  llms: {
    name: "Summary for AI assistants (llms.txt)",
    absent: "No summary for AI assistants: it has no llms.txt",
  },
} as const;

/**
 * Why a check has no answer, in a merchant's words; the status code or error our request got
 * goes to `detail`, a secondary line for whoever wants it.
 */
function notAnswered(what: keyof typeof PLAIN, { status, detail }: Check): { text: string; detail?: string } {
  const { name, absent } = PLAIN[what];
  const technical = detail ? { detail: `Our request got: ${detail}` } : {};
  switch (status) {
    case "disallowed":
      return { text: `${name}: not checked, as the store's robots.txt asks StoreLensBot to stay away` };
    case "not_checked":
      return { text: `${name}: not checked in this analysis` };
    case "refused":
      return { text: `${name}: the store refused our request`, ...technical };
    case "error":
      return { text: `${name}: could not be read this time`, ...technical };
    default:
      return { text: absent, ...technical };
  }
}

/** One sentence per agent-facing endpoint, as the report page says them; `detail` is the technical second line. */
export function agentReadinessLines(value: AgentReadiness): { label: string; text: string; ok: boolean; detail?: string }[] {
  const { storefront_mcp: mcp, ucp_profile: ucp, llms_txt: llms } = value;
  const more = (shown: number, total: number) => (total > shown ? `, and ${formatCount(total - shown)} more` : "");
  const tools = plural(mcp.tool_count, "tool");
  const capabilities = plural(ucp.capability_count, "capability", "capabilities");

  return [
    {
      label: "Storefront MCP",
      ok: mcp.status === "answers",
      ...(mcp.status === "answers"
        ? {
            text: `Answers Shopify's Storefront MCP (${tools}${mcp.tools.length > 0 ? `: ${mcp.tools.join(", ")}${more(mcp.tools.length, mcp.tool_count)}` : ""})`,
          }
        : notAnswered("mcp", mcp)),
    },
    {
      label: "UCP profile",
      ok: ucp.status === "answers",
      ...(ucp.status === "answers"
        ? {
            text: `UCP profile: version ${ucp.version ?? "not stated"} (${capabilities}${ucp.capabilities.length > 0 ? `: ${ucp.capabilities.join(", ")}${more(ucp.capabilities.length, ucp.capability_count)}` : ""})`,
          }
        : notAnswered("ucp", ucp)),
    },
    {
      label: "llms.txt",
      ok: llms.status === "answers",
      ...(llms.status === "answers"
        ? {
            text: `llms.txt: present${llms.bytes === null ? "" : `, ${plural(llms.bytes, "byte")}`}${llms.heading ? ` ("${llms.heading}")` : ""}`,
          }
        : notAnswered("llms", llms)),
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
