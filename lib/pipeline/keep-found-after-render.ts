import { reportedApp } from "@/lib/apps/report-apps";
import { joinAfterRender, type AfterRenderFinding } from "@/lib/findings";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";

/**
 * What only the render saw joins the job's storefront artifact, each finding by its own rule
 * (lib/findings: tags join the tags, apps the apps, reported as detect-apps reports them); the
 * report, and the store's apps when the job completes, are built from it.
 */
export async function keepFoundAfterRender(jobId: string, found: readonly AfterRenderFinding[]): Promise<void> {
  const storefront = await loadArtifact(jobId, "storefront");
  if (!storefront) return;
  const joined = joinAfterRender(storefront, found, reportedApp);
  if (joined === storefront) return;
  await saveArtifact(jobId, "storefront", joined);
}
