import { logger } from "@/lib/log";
import { storeReportBody } from "@/lib/reports/report-body";

/**
 * The store-report-body step: the completed report serialized once and stored, so the first
 * reader (often the webhook receiver notified next) is served stored bytes. A failure is thrown
 * for the engine to retry the step; every attempt, and any later first read, builds the same
 * bytes from what the report recorded at completion (docs/decisions.md §5.2).
 */
export async function storeReportBodyStep(jobId: string): Promise<{ etag: string }> {
  try {
    const { etag } = await storeReportBody(jobId);

    return { etag };
  } catch (error) {
    logger.warn("storing the report body failed; the step is retried", { jobId, error });
    throw error;
  }
}
