import { cache } from "react";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { findJob } from "@/lib/jobs/get-job";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { getChangelog } from "@/lib/reports/get-changelog";
import { getPagespeedOrThrow } from "@/lib/reports/get-pagespeed";
import { getReportOrThrow } from "@/lib/reports/get-report";
import {
  pagespeedMetricsSchema,
  reportCollectionsSchema,
  reportMetadataSchema,
  reportPagesSchema,
  reportSummarySchema,
} from "./report-schemas";

const isNotFound = (error: unknown) => error instanceof ApiError && error.code === "not_found";

/** A JSON column the page cannot read degrades to "nothing to show", never to a broken page. */
function parseOr<T extends z.ZodType>(schema: T, value: unknown, fallback: z.output<T>): z.output<T> {
  const parsed = schema.safeParse(value);

  return parsed.success ? parsed.data : fallback;
}

async function pagespeedOf(jobId: string) {
  try {
    const { audits } = await getPagespeedOrThrow(jobId);

    return audits.map((audit) => ({ ...audit, metrics: parseOr(pagespeedMetricsSchema.nullable(), audit.metrics, null) }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function completedReport(id: string) {
  const report = await getReportOrThrow(id);
  const [pagespeed, changelog] = await Promise.all([pagespeedOf(report.job.id), getChangelog(report.job.id)]);

  return {
    kind: "report" as const,
    job: report.job,
    store: report.store,
    summary: parseOr(reportSummarySchema, report.summary, {}),
    metadata: parseOr(reportMetadataSchema, report.metadata, {}),
    products: report.products,
    collections: parseOr(reportCollectionsSchema, report.collections, []),
    pages: parseOr(reportPagesSchema, report.pages, []),
    pagespeed,
    changelog,
    generatedAt: report.generated_at,
  };
}

/**
 * What /reports/:id shows: the report; or, for a job that has no report yet (its report_url
 * is handed out at submission), the job itself to watch or read the failure; or null (404).
 * Cached per request so generateMetadata and the page share one load.
 */
export const loadReportView = cache(async (id: string) => {
  try {
    return await completedReport(id);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const job = await findJob(id);
  if (!job || job.status === "completed") return null;

  return { kind: "job" as const, job: serializeJob(job) };
});

export type ReportView = Extract<NonNullable<Awaited<ReturnType<typeof loadReportView>>>, { kind: "report" }>;
