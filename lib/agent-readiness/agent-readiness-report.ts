import type { RobotsRecord } from "@/lib/shopify-reader/robots";
import { aiCrawlerVerdicts } from "./ai-crawlers";
import type { AgentEndpoints, AgentReadiness } from "./schemas";

const UNCHECKED = { status: "not_checked", http_status: null, detail: null } as const;

/** Nothing asked: a job whose step kept no artifact (it ran before the step existed). */
const NOT_CHECKED: AgentEndpoints = {
  storefront_mcp: { ...UNCHECKED, tools: [], tool_count: 0 },
  ucp_profile: { ...UNCHECKED, version: null, capabilities: [], capability_count: 0 },
  llms_txt: { ...UNCHECKED, bytes: null, heading: null },
};

/** The report's agent readiness: what the step found, and what the job's robots.txt tells AI crawlers. */
export function agentReadinessReport(found: AgentEndpoints | null, robots: RobotsRecord | null): AgentReadiness {
  return { ...(found ?? NOT_CHECKED), ai_crawlers: aiCrawlerVerdicts(robots) };
}
