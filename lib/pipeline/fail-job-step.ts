import { boundText, MESSAGE_TEXT_MAX } from "@/lib/http/bound-text";
import { failJob } from "@/lib/jobs/job-state";
import { logger } from "@/lib/log";
import { parseCodedMessage, withoutAddresses } from "./store-failures";

/** onFailure of analyze-store: the run gave up after its retries; the job must not hang. */
export async function markJobFailedAfterRetries(jobId: string, error: { message?: string } | undefined): Promise<void> {
  // Whatever was thrown: a store failure, or an error quoting what a store sent.
  const { code, error: message } = parseCodedMessage(boundText(error?.message ?? "unknown error", MESSAGE_TEXT_MAX));
  logger.warn("analysis failed after retries", { jobId, code, message });
  // Any error can end up here (a database or network error of ours included): the job's
  // error is public, so the addresses in it stay in the log above.
  await failJob(jobId, {
    code: code ?? "analysis_failed",
    error: withoutAddresses(code ? message : `The analysis failed after several attempts: ${message}`),
  });
}
