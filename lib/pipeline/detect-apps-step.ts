import { recordDetectedApps } from "@/lib/apps/record-detected-apps";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { findJob } from "@/lib/jobs/get-job";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { fetchStorefrontHtml } from "@/lib/shopify-reader/fetch-home-page";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { readMarkets } from "@/lib/markets/read-markets";
import { readSocials } from "@/lib/socials/read-socials";
import { parseStorefrontDocument } from "@/lib/storefront-html/parse-storefront-html";
import { themeFinding } from "@/lib/storefront-html/theme-finding";
import { saveArtifact, type Artifact } from "@/lib/snapshots/artifacts";

/**
 * Step detect-apps: the theme, the installed apps and the marketing tags, read from the
 * storefront HTML (parsed once). A home page that cannot be read leaves theme and apps unknown; it does not fail the job.
 */
export async function detectAppsStep(jobId: string, domain: string): Promise<{ apps: number; theme: string | null }> {
  const page = await fetchStorefrontHtml(domain);
  let artifact: Artifact<"storefront">;
  if (isStoreFailure(page)) {
    artifact = { theme: null, apps: [], title: null, metaDescription: null, fetched: false, error: page.message };
  } else {
    const $ = loadHtml(page.html);
    const info = parseStorefrontDocument($);
    const { apps, unidentified } = reportStorefrontApps($);
    const signals = readPageSignals($);
    artifact = {
      theme: info.theme && { ...info.theme, name: info.theme.name ?? info.theme.themeStoreName, ...themeFinding(info.theme) },
      apps,
      unidentifiedApps: unidentified,
      title: info.title,
      metaDescription: info.metaDescription,
      fetched: true,
      error: null,
      marketing: detectMarketing($),
      socials: readSocials([{ signals, seenOn: "/" }]),
      markets: readMarkets(signals),
    };
  }
  await saveArtifact(jobId, "storefront", artifact);
  // Unidentified apps have no catalogue entry, so they stay out of the directory.
  await recordStoreApps(jobId, artifact.apps);
  await recordStepProgress(jobId, PIPELINE_STEPS.detectApps, { counts: { apps: artifact.apps.length } });

  return { apps: artifact.apps.length, theme: artifact.theme?.name ?? null };
}

async function recordStoreApps(jobId: string, apps: { slug: string; evidence: string }[]) {
  if (apps.length === 0) return;
  const job = await findJob(jobId);
  if (job) await recordDetectedApps(job.storeId, jobId, apps);
}
