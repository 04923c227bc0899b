import { failJob } from "@/lib/jobs/job-state";
import { logger } from "@/lib/log";
import { parseCodedMessage } from "./store-failures";

/** onFailure of analyze-store: the run gave up after its retries; the job must not hang. */
export async function markJobFailedAfterRetries(jobId: string, error: { message?: string } | undefined): Promise<void> {
  const { code, error: message } = parseCodedMessage(error?.message ?? "unknown error");
  logger.warn("analysis failed after retries", { jobId, code, message });
  await failJob(jobId, {
    code: code ?? "analysis_failed",
    error: code ? message : `The analysis failed after several attempts: ${message}`,
  });
}
