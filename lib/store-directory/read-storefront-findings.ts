import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import { agentReadinessSchema } from "@/lib/agent-readiness/schemas";
import { marketingSchema } from "@/lib/marketing/schemas";
import { marketsSchema } from "@/lib/markets/schemas";
import { socialsSchema } from "@/lib/socials/schemas";
import type { StorefrontFindings } from "./schemas";

/** A labelled metadata field's value, or null when the report has none of that shape (built before it was read). */
const valueOf = (field: string) => sql<unknown>`${reports.metadata}->${field}->'value'`;

/** What a report read on the storefront (tags, socials, markets, agent readiness), for the store page. */
export async function readStorefrontFindings(jobId: string): Promise<StorefrontFindings> {
  const [row] = await getDb()
    .select({
      marketing: valueOf("marketing"),
      socials: valueOf("socials"),
      markets: valueOf("markets"),
      agentReadiness: valueOf("agent_readiness"),
    })
    .from(reports)
    .where(eq(reports.jobId, jobId));

  return {
    marketing: marketingSchema.safeParse(row?.marketing).data ?? null,
    socials: socialsSchema.safeParse(row?.socials).data ?? null,
    markets: marketsSchema.safeParse(row?.markets).data ?? null,
    agent_readiness: agentReadinessSchema.safeParse(row?.agentReadiness).data ?? null,
  };
}
