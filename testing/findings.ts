import { agentReadinessReport } from "@/lib/agent-readiness/agent-readiness-report";
import type { AgentEndpointStatus, AgentReadiness } from "@/lib/agent-readiness/schemas";
import type { Marketing, MarketingTag } from "@/lib/marketing/schemas";
import type { Markets } from "@/lib/markets/schemas";

// Findings of the current shape for report metadata in tests (lib/findings reads no other).

export const observed = <T>(value: T) => ({ value, basis: "observed" as const });

/** The marketing finding with a tag of each kind. */
export function marketingOf(kinds: MarketingTag["kind"][]): Marketing {
  return {
    tags: kinds.map((kind) => ({ kind, name: kind, id: null, evidence: kind, source: "script", confidence: "medium" })),
    custom_pixels: { count: 0, names: [] },
  };
}

/** The markets finding with these hreflang codes and page locale. */
export function marketsOf(codes: string[], locale: string | null = null): Markets {
  return {
    languages: codes.map((code) => ({ code, url: null })),
    language_count: codes.length,
    locale,
    visitor_country: null,
    presentment_currency: null,
  };
}

/** The agent readiness finding, every endpoint `not_checked` but those given. */
export function agentReadinessOf(
  statuses: Partial<Record<"storefront_mcp" | "ucp_profile" | "llms_txt", AgentEndpointStatus>>,
): AgentReadiness {
  const report = agentReadinessReport(null, null);

  return {
    ...report,
    storefront_mcp: { ...report.storefront_mcp, status: statuses.storefront_mcp ?? "not_checked" },
    ucp_profile: { ...report.ucp_profile, status: statuses.ucp_profile ?? "not_checked" },
    llms_txt: { ...report.llms_txt, status: statuses.llms_txt ?? "not_checked" },
  };
}
