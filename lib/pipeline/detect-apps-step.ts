import { nameAppsFromAppStore, type NamedApps } from "@/lib/apps/app-store/name-from-app-store";
import { logger } from "@/lib/log";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { readStorefront } from "./read-storefront";
import { recordStepProgress } from "./record-step-progress";
import { fetchStorefrontHtml } from "@/lib/shopify-reader/fetch-home-page";
import { saveArtifact } from "@/lib/snapshots/artifacts";

/**
 * Step detect-apps: the theme, the installed apps and every home-page finding (lib/findings: tags,
 * profiles, languages …), read from the storefront HTML (parsed once). A home page that cannot be read leaves theme and apps unknown; it does not fail the job.
 * Kept in the job's artifact only: the store's apps follow its report, when the job completes
 * (recordStoreFacets). App handles the catalog does not know are named after their App Store
 * listing when one was looked up already; new ones are kept for resolve-app-listings, which
 * analyze-store wakes when this step counts some (`newAppHandles`).
 */
export async function detectAppsStep(
  jobId: string,
  domain: string,
): Promise<{ apps: number; theme: string | null; newAppHandles: number }> {
  const { storefront: artifact, newAppHandles } = await readStorefront(await fetchStorefrontHtml(domain), domain, withAppStoreNames);
  await saveArtifact(jobId, "storefront", artifact);
  await recordStepProgress(jobId, PIPELINE_STEPS.detectApps, { counts: { apps: artifact.apps.length } });

  return { apps: artifact.apps.length, theme: artifact.theme?.name ?? null, newAppHandles: newAppHandles.length };
}

/**
 * Handles the catalog does not know, named after the App Store listings looked up before
 * (lib/apps/app-store). Only this database is read: an analysis never waits on the App Store, and
 * a failure here leaves the handles unidentified rather than failing the step.
 */
async function withAppStoreNames(detection: Omit<NamedApps, "newHandles">): Promise<NamedApps> {
  try {
    return await nameAppsFromAppStore(detection);
  } catch (error) {
    logger.warn("app store names not read", { error: String(error) });

    return { ...detection, newHandles: [] };
  }
}
