import { readFindings } from "@/lib/findings";
import { findSampleJob } from "@/lib/jobs/sample-job";
import { getReportOverview } from "@/lib/reports/get-report";
import { SAMPLE_STORE } from "./sample-store";

/** The apps the home page's card names; the report lists them all. */
const APPS_SHOWN = 5;

/**
 * What the home page's card previews of the sample report: the theme, some apps and a few
 * figures, with what the report was built from. Null until the seed has completed it.
 */
export async function findSampleReport() {
  const job = await findSampleJob();
  if (job?.status !== "completed") return null;
  const report = await getReportOverview(job.id);
  const findings = readFindings(report.metadata);
  const theme = findings.theme?.value ?? null;
  const apps = findings.apps?.value ?? [];
  const technologies = findings.technologies?.value ?? [];

  return {
    jobId: job.id,
    name: report.store.name ?? SAMPLE_STORE.capturedFrom,
    capturedFrom: SAMPLE_STORE.capturedFrom,
    capturedOn: SAMPLE_STORE.capturedOn,
    theme: theme ? { name: theme.name ?? null, schemaName: theme.schemaName ?? null } : null,
    apps: apps.slice(0, APPS_SHOWN).map((app) => ({ slug: app.slug, name: app.name })),
    appCount: apps.length,
    tagCount: findings.marketing?.value.tags.length ?? 0,
    technologyCount: technologies.length,
    languageCount: findings.markets?.value.language_count ?? 0,
  };
}

export type SampleReportCard = NonNullable<Awaited<ReturnType<typeof findSampleReport>>>;
