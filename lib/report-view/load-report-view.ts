import { cache } from "react";
import { z } from "zod";
import { findCheckoutOrder, isCheckoutSessionId } from "@/lib/billing/stripe/find-checkout-order";
import { isNotFound } from "@/lib/http/errors";
import { findJob } from "@/lib/jobs/get-job";
import { getReportPublication } from "@/lib/publishing/report-publication";
import { getAnalyzedStore } from "@/lib/store-directory/get-analyzed-store";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { getChangelog, getChangelogTally } from "@/lib/reports/get-changelog";
import { getJobHistory } from "@/lib/history/job-history";
import { getPagespeed } from "@/lib/pagespeed/get-pagespeed";
import { getReportOverview } from "@/lib/reports/get-report";
import { readFindings } from "@/lib/findings";
import { isSampleDomain, SAMPLE_STORE } from "@/lib/sample-report/sample-store";
import {
  CHANGELOG_SHOWN,
  pagespeedMetricsSchema,
  reportCollectionsSchema,
  reportPageMetadataSchema,
  reportPagesSchema,
  reportPageSummarySchema,
} from "./schemas";

/** A JSON column the page cannot read degrades to "nothing to show", never to a broken page. */
function parseOr<T extends z.ZodType>(schema: T, value: unknown, fallback: z.output<T>): z.output<T> {
  const parsed = schema.safeParse(value);

  return parsed.success ? parsed.data : fallback;
}

async function pagespeedOf(jobId: string) {
  try {
    const { audits } = await getPagespeed(jobId);

    return audits.map((audit) => ({ ...audit, metrics: parseOr(pagespeedMetricsSchema.nullable(), audit.metrics, null) }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function completedReport(id: string) {
  const report = await getReportOverview(id);
  const [pagespeed, changelog, tally, history, publication, store] = await Promise.all([
    pagespeedOf(report.job.id),
    getChangelog(report.job.id, { page: 1, per_page: CHANGELOG_SHOWN }),
    getChangelogTally(report.job.id),
    getJobHistory(report.job.id),
    getReportPublication(report.job.id),
    getAnalyzedStore(report.store.slug).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    }),
  ]);
  // "No change since <date>": when the analysis it is measured against completed.
  const previous = changelog.previous_job_id ? await findJob(changelog.previous_job_id) : null;

  return {
    kind: "report" as const,
    job: report.job,
    store: report.store,
    summary: parseOr(reportPageSummarySchema, report.summary, {}),
    metadata: parseOr(reportPageMetadataSchema, report.metadata, {}),
    /** The report's findings, typed, each absent when the report lacks it (lib/findings reads old shapes too). */
    findings: readFindings(report.metadata),
    /** Products in the report; the page lists them a page at a time (listReportProducts). */
    productCount: report.product_count,
    collections: parseOr(reportCollectionsSchema, report.collections, []),
    pages: parseOr(reportPagesSchema, report.pages, []),
    pagespeed,
    changelog: { ...changelog, tally, previous_completed_at: previous?.completedAt?.toISOString() ?? null },
    /** Its technology events against the store's previous completed analysis. */
    history,
    generatedAt: report.generated_at,
    /** Public search content 30 days after completion (lib/publishing/report-publication.ts). */
    publication,
    /** The store as it is now: whether this is its latest report (what its exports hold), and its id for the viewer's tracking. */
    current: store ? { storeId: store.id, isLatest: store.latestJobId === report.job.id } : null,
    /** The bundled sample report's capture (lib/sample-report), which the page labels as such; null for every real report. */
    sample: isSampleDomain(report.job.domain) ? SAMPLE_STORE : null,
  };
}

/**
 * What /reports/:id shows: the report; or, for a job that has no report yet (its report_url
 * is handed out at submission), the job itself to watch or read the failure; for a Checkout
 * Session id whose payment is not confirmed yet, the payment; or null (404).
 * Cached per request so generateMetadata and the page share one load.
 */
export const loadReportView = cache(async (id: string) => {
  try {
    return await completedReport(id);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  if (isCheckoutSessionId(id)) {
    // A single_report buyer's link: the payment may not be confirmed yet, or its job still running.
    const order = await findCheckoutOrder(id);
    if (!order) return null;
    if (!order.job) return { kind: "payment" as const, sessionId: id, status: order.status, domain: order.domain };
    if (order.job.status === "completed") return null;

    return { kind: "job" as const, job: serializeJob(order.job) };
  }
  const job = await findJob(id);
  if (!job || job.status === "completed") return null;

  return { kind: "job" as const, job: serializeJob(job) };
});

export type ReportView = Extract<NonNullable<Awaited<ReturnType<typeof loadReportView>>>, { kind: "report" }>;
