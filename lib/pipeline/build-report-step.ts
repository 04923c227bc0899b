import { logger } from "@/lib/log";
import { storeReportBody } from "@/lib/reports/report-body";
import { buildReport, type BuildReportResult } from "./build-report";
import type { CrawlOutcome } from "./current-snapshot";

/**
 * The build-report step: the report in one transaction, then its serialised body stored once
 * that has committed, so the first reader (often the webhook receiver notified next) is served
 * stored bytes instead of building them. Storing the body is an optimisation: if it fails the
 * job is still complete, and the first read builds the body as it would have anyway.
 */
export async function buildReportStep(jobId: string, crawl: CrawlOutcome): Promise<BuildReportResult> {
  const result = await buildReport(jobId, crawl);
  try {
    await storeReportBody(jobId);
  } catch (error) {
    logger.warn("storing the report body after build-report failed", { jobId, error });
  }

  return result;
}
