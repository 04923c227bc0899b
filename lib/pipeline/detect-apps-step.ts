import { reportStorefrontApps } from "@/lib/apps/report-apps";
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
 * (recordStoreFacets).
 */
export async function detectAppsStep(jobId: string, domain: string): Promise<{ apps: number; theme: string | null }> {
  const page = await fetchStorefrontHtml(domain);
  let artifact: Artifact<"storefront">;
  if (isStoreFailure(page)) {
    artifact = { theme: null, apps: [], title: null, metaDescription: null, fetched: false, error: page.message };
  } else {
    const $ = loadHtml(page.html);
    const info = parseStorefrontDocument($);
    const { apps, unidentified } = reportStorefrontApps($, { storeHost: hostOf(page.url) ?? domain });
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

  return { apps: artifact.apps.length, theme: artifact.theme?.name ?? null };
}
