import { namedGroups, type NamedGroup, type RobotsRecord } from "@/lib/shopify-reader/robots";
import type { AgentReadiness, CrawlerVerdict } from "./schemas";

/** The AI crawlers whose robots.txt verdict the report shows: training, search and user-fetch agents of each vendor. */
export const AI_CRAWLERS = [
  "GPTBot",
  "ChatGPT-User",
  "OAI-SearchBot",
  "ClaudeBot",
  "Claude-User",
  "Claude-SearchBot",
  "PerplexityBot",
  "Perplexity-User",
  "Google-Extended",
  "Applebot-Extended",
  "CCBot",
  "Bytespider",
  "meta-externalagent",
  "Amazonbot",
] as const;

/**
 * What a crawler's own group says: the whole site disallowed, some paths, or nothing; no group
 * naming it: not_mentioned (it follows `*`).
 */
export function crawlerVerdict(group: NamedGroup): CrawlerVerdict {
  if (!group) return "not_mentioned";
  if (group.disallowsRoot) return "disallowed";

  return group.disallowsSome ? "partly" : "allowed";
}

/** What the job's robots.txt tells each AI crawler, and `*`; no robots.txt read: nothing names any of them. */
export function aiCrawlerVerdicts(robots: RobotsRecord | null): AgentReadiness["ai_crawlers"] {
  const groups = namedGroups(robots ?? { status: "missing", text: null }, [...AI_CRAWLERS, "*"]);

  return {
    everyone: crawlerVerdict(groups["*"]),
    crawlers: AI_CRAWLERS.map((agent) => ({ agent, verdict: crawlerVerdict(groups[agent]) })),
  };
}
