import { nameAppsFromAppStore, type NamedApps } from "@/lib/apps/app-store/name-from-app-store";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { logger } from "@/lib/log";
import { readHomePage } from "@/lib/findings";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { fetchStorefrontHtml } from "@/lib/shopify-reader/fetch-home-page";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { parseStorefrontDocument } from "@/lib/storefront-html/parse-storefront-html";
import { themeFinding } from "@/lib/storefront-html/theme-finding";
import { saveArtifact, type Artifact } from "@/lib/snapshots/artifacts";

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

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
  const page = await fetchStorefrontHtml(domain);
  let artifact: Artifact<"storefront">;
  let newAppHandles = 0;
  if (isStoreFailure(page)) {
    artifact = { theme: null, apps: [], title: null, metaDescription: null, fetched: false, error: page.message };
  } else {
    const $ = loadHtml(page.html);
    const info = parseStorefrontDocument($);
    const named = await withAppStoreNames(reportStorefrontApps($, { storeHost: hostOf(page.url) ?? domain }));
    const { apps, unidentified } = named;
    newAppHandles = named.newHandles.length;
    artifact = {
      theme: info.theme && { ...info.theme, name: info.theme.name ?? info.theme.themeStoreName, ...themeFinding(info.theme) },
      apps,
      unidentifiedApps: unidentified,
      title: info.title,
      metaDescription: info.metaDescription,
      fetched: true,
      error: null,
      ...readHomePage({ $, signals: readPageSignals($) }),
    };
  }
  await saveArtifact(jobId, "storefront", artifact);
  await recordStepProgress(jobId, PIPELINE_STEPS.detectApps, { counts: { apps: artifact.apps.length } });

  return { apps: artifact.apps.length, theme: artifact.theme?.name ?? null, newAppHandles };
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
