import { z } from "zod";

// What a store offers AI agents: Shopify's Storefront MCP endpoint, a UCP business profile, an
// llms.txt (one request each, by check-agent-readiness), and what robots.txt tells AI crawlers.

/** Names kept per list (tools, capabilities), at most, and characters per name. */
export const NAMES_KEPT = 50;
export const NAME_MAX = 100;

/** How one agent-facing endpoint of the store answered our single request. */
export const agentEndpointStatusSchema = z
  .enum(["answers", "absent", "refused", "error", "disallowed", "not_checked"])
  .describe(
    "`answers`: it answered as it should; `absent`: 404, or an answer of another kind; `refused`: 401/403/423/429/430 or a bot challenge; " +
      "`error`: a server error, timeout, or an answer past 64 KB; `disallowed`: robots.txt disallows the path for StoreLensBot, so it was not requested; " +
      "`not_checked`: the analysis did not check it",
  );
export type AgentEndpointStatus = z.infer<typeof agentEndpointStatusSchema>;

const checked = {
  status: agentEndpointStatusSchema,
  http_status: z.number().int().nullable().describe("The HTTP status of the answer; null when none came (not requested, network error)"),
  detail: z.string().nullable().describe("Why it is not `answers`, in a few words (at most 200 characters); null when it is"),
};

const names = (what: string) => z.array(z.string()).describe(`${what} (at most ${NAMES_KEPT}, each cut to ${NAME_MAX} characters)`);

export const storefrontMcpCheckSchema = z.object({
  ...checked,
  tools: names("Tool names its `tools/list` answer listed, in its order"),
  tool_count: z.number().int().min(0).describe("How many tools the answer listed (all of them, past the names kept)"),
});

export const ucpProfileCheckSchema = z.object({
  ...checked,
  version: z.string().nullable().describe("The profile's `ucp.version` (a date such as 2026-01-11); null when absent"),
  capabilities: names("Capability names the profile declares (`dev.ucp.shopping.checkout`…)"),
  capability_count: z.number().int().min(0).describe("How many capabilities it declares"),
});

export const llmsTxtCheckSchema = z.object({
  ...checked,
  bytes: z.number().int().min(0).nullable().describe("Size of the file in bytes; null when it was not read"),
  heading: z.string().nullable().describe(`Its first heading line ("# Store name"), cut to ${NAME_MAX} characters; null when none`),
});

/** What the three requests found, kept as the job's "agent-readiness" artifact. */
export const agentEndpointsSchema = z.object({
  storefront_mcp: storefrontMcpCheckSchema.describe("POST /api/mcp with one JSON-RPC `tools/list` request"),
  ucp_profile: ucpProfileCheckSchema.describe("GET /.well-known/ucp: the Universal Commerce Protocol business profile"),
  llms_txt: llmsTxtCheckSchema.describe("GET /llms.txt"),
});
export type AgentEndpoints = z.infer<typeof agentEndpointsSchema>;

export const crawlerVerdictSchema = z
  .enum(["allowed", "partly", "disallowed", "not_mentioned"])
  .describe(
    "`allowed`: a group names it and disallows nothing; `partly`: it names it and disallows some paths; " +
      "`disallowed`: it names it and disallows `/`, the whole site; `not_mentioned`: no group names it, so the `*` group applies",
  );
export type CrawlerVerdict = z.infer<typeof crawlerVerdictSchema>;

export const aiCrawlersSchema = z.object({
  everyone: crawlerVerdictSchema.describe("What the `*` group says (`not_mentioned`: there is none, or no robots.txt)"),
  crawlers: z
    .array(z.object({ agent: z.string().describe("The crawler's product token (GPTBot, ClaudeBot…)"), verdict: crawlerVerdictSchema }))
    .describe("Each AI crawler StoreLens asks about, in a fixed order"),
});

/** The report's agent readiness (metadata.agent_readiness). */
export const agentReadinessSchema = agentEndpointsSchema.extend({
  ai_crawlers: aiCrawlersSchema.describe("What the store's robots.txt (read once by the analysis) tells AI crawlers"),
});
export type AgentReadiness = z.infer<typeof agentReadinessSchema>;
