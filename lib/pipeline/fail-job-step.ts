import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { failJob } from "@/lib/jobs/job-state";
import { logger } from "@/lib/log";
import { MAX_LEASE_LOSSES, WORKER_CRASHED_ERROR } from "@/lib/workflow/embedded/lease-losses";
import { parseCodedMessage, withoutAddresses } from "./store-failures";

/** onFailure of analyze-store: the run gave up after its retries; the job must not hang. */
export async function markJobFailedAfterRetries(jobId: string, error: { name?: string; message?: string } | undefined): Promise<void> {
  if (error?.name === WORKER_CRASHED_ERROR) {
    // Not run again (lib/workflow/embedded/lease-losses.ts): most likely a page of the store crashed or froze the process.
    logger.warn("analysis stopped its worker too often", { jobId, message: error.message });
    await failJob(jobId, {
      code: "worker_crashed",
      error: `The analysis stopped its worker process ${MAX_LEASE_LOSSES} times (it was killed or froze while running a step); it was not run again`,
    });

    return;
  }
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
