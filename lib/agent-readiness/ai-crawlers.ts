import { crawlerVerdicts, type RobotsRecord } from "@/lib/shopify-reader/robots";
import type { AgentReadiness } from "./schemas";

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

/** What the job's robots.txt tells each AI crawler; no robots.txt read: nothing names any of them. */
export function aiCrawlerVerdicts(robots: RobotsRecord | null): AgentReadiness["ai_crawlers"] {
  const verdicts = crawlerVerdicts(robots ?? { status: "missing", text: null }, [...AI_CRAWLERS, "*"]);

  return {
    everyone: verdicts["*"],
    crawlers: AI_CRAWLERS.map((agent) => ({ agent, verdict: verdicts[agent] })),
  };
}
