import { readFile } from "node:fs/promises";
import path from "node:path";
import { nameAppsFromAppStore } from "@/lib/apps/app-store/name-from-app-store";
import { admitSampleJob } from "@/lib/billing/admission/admit-job";
import { failJob } from "@/lib/jobs/job-state";
import { findSampleJob } from "@/lib/jobs/sample-job";
import { logger } from "@/lib/log";
import { buildReport } from "@/lib/pipeline/build-report";
import { readStorefront } from "@/lib/pipeline/read-storefront";
import { storeReportBody } from "@/lib/reports/report-body";
import { saveArtifact } from "@/lib/snapshots/artifacts";
import { SAMPLE_STORE } from "./sample-store";

export type SeededSample = { jobId: string; seeded: boolean };

/** A Shopify global assigned a JSON string or object on the page (`Shopify.country = "US";`). */
function shopifyGlobal(html: string, name: string): string | null {
  const at = html.indexOf(`Shopify.${name} = `);
  if (at < 0) return null;
  const end = html.indexOf(";", at);

  return end < 0 ? null : html.slice(at + `Shopify.${name} = `.length, end);
}

function readJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

const stringOr = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

/**
 * The sample report, once per database: a completed report of the bundled capture of a real
 * storefront's home page (SAMPLE_STORE), so a fresh install has something to show. Built from
 * the stored bytes by the pipeline's own reading (readStorefront, buildReport, the report body):
 * no request leaves the process, the SSRF guard is untouched, and the workflow engine never sees
 * the job. The job is nobody's (admitSampleJob) and the report stays out of the directory
 * (`directory: false`). A seed interrupted before its report leaves a job the next start fails and
 * replaces; a completed one is kept for good.
 */
export async function seedSampleReport(root = process.cwd()): Promise<SeededSample> {
  const existing = await findSampleJob();
  if (existing?.status === "completed") return { jobId: existing.id, seeded: false };
  if (existing && existing.status !== "failed") {
    await failJob(existing.id, { code: "sample_interrupted", error: "The sample report's seed was interrupted; a new one replaced it" });
  }

  const html = await readFile(path.join(root, SAMPLE_STORE.file), "utf8");
  const job = await admitSampleJob(SAMPLE_STORE.domain);
  try {
    await buildSampleReport(job.id, html);
  } catch (error) {
    // Ended here, so the stalled-job cron never hands it to the workflow engine to read a store.
    await failJob(job.id, { code: "sample_failed", error: "The sample report could not be built" });
    throw error;
  }
  logger.info("sample report seeded", { jobId: job.id, capturedFrom: SAMPLE_STORE.capturedFrom });

  return { jobId: job.id, seeded: true };
}

/** The stored bytes read as detect-apps reads a served page, and the report built from them. */
async function buildSampleReport(jobId: string, html: string): Promise<void> {
  const { storefront } = await readStorefront(
    { status: "ok", html, url: `https://${SAMPLE_STORE.capturedFrom}/`, headers: {}, cartCurrency: null },
    SAMPLE_STORE.domain,
    // Names known apps from listings this database already has; records nothing, asks nobody.
    (detection) => nameAppsFromAppStore(detection, { recordNew: false }),
  );
  const currency = readJson(shopifyGlobal(html, "currency"));
  await saveArtifact(jobId, "robots", { status: "missing", text: null });
  await saveArtifact(jobId, "store", {
    meta: {
      id: 0,
      name: storefront.title?.split(/\s[|–-]\s/)[0]?.trim() || SAMPLE_STORE.capturedFrom,
      description: storefront.metaDescription,
      currency: currency && typeof currency === "object" && "active" in currency ? stringOr(currency.active) : null,
      country: stringOr(readJson(shopifyGlobal(html, "country"))),
      city: null,
      province: null,
      domain: SAMPLE_STORE.capturedFrom,
      myshopifyDomain: null,
      url: `https://${SAMPLE_STORE.capturedFrom}`,
      moneyFormat: null,
      shipsToCountries: [],
      publishedProductsCount: null,
      publishedCollectionsCount: null,
    },
    canonicalDomain: SAMPLE_STORE.domain,
    cartCurrency: null,
  });
  await saveArtifact(jobId, "storefront", storefront);
  // The capture is the home page alone: no catalog, collections or pages were read.
  await saveArtifact(jobId, "collections", { collections: [], complete: false });
  await saveArtifact(jobId, "pages", { pages: [], complete: false });
  await buildReport(
    jobId,
    { listingComplete: false, reconciliation: { sitemapRead: false, sitemapProducts: 0, recovered: 0, gone: 0, countedSitemaps: 0 } },
    { directory: false },
  );
  await storeReportBody(jobId);
}
