import type { Job } from "@/db/schema";
import { jobSchema, jobStatusSchema, type JobResponse, type ReportJob } from "./schemas";
import { jobUrls } from "./job-urls";
import { chargeReturnOf, chargeReturnReasonOf } from "./charge-return";
import { summarizeStepRuns } from "./step-timings";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A job as the API answers it; its URLs under `base` when given (jobUrls). */
export function serializeJob(job: Job, base?: string): JobResponse {
  return jobSchema.parse({
    id: job.id,
    domain: job.domain,
    slug: job.slug,
    status: job.status,
    step: job.step,
    progress: job.progress,
    counts: job.counts,
    step_timings: summarizeStepRuns(job.stepRuns),
    error: job.error,
    code: job.errorCode,
    charge_returned: chargeReturnOf(job),
    charge_return_reason: chargeReturnReasonOf(job),
    listing_complete: job.listingComplete,
    retry_of: job.retryOf,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    completed_at: iso(job.completedAt),
    ...jobUrls(job.id, base),
  });
}

export function serializeJobStatus(job: Job) {
  return jobStatusSchema.parse(serializeJob(job));
}

/** A job as its report states it (reportJobSchema): the same fields, without step timings. */
export function serializeReportJob(job: Job, base?: string): ReportJob {
  const { step_timings: _measurements, charge_returned: _billing, charge_return_reason: _why, ...stated } = serializeJob(job, base);

  return stated;
}
