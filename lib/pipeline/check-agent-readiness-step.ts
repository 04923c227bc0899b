import { checkAgentReadiness } from "@/lib/agent-readiness/check-agent-readiness";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";

/**
 * Step check-agent-readiness: one request each to the store's Storefront MCP endpoint, UCP
 * profile and llms.txt, kept as the "agent-readiness" artifact. Never fails the job (a store
 * without them is the common case), and a replay whose artifact was saved sends nothing again.
 */
export async function checkAgentReadinessStep(jobId: string, domain: string): Promise<{ mcp: string }> {
  const kept = await loadArtifact(jobId, "agent-readiness");
  const found = kept ?? (await checkAgentReadiness(domain));
  if (!kept) await saveArtifact(jobId, "agent-readiness", found);
  await recordStepProgress(jobId, PIPELINE_STEPS.checkAgentReadiness);

  return { mcp: found.storefront_mcp.status };
}
