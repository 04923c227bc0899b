import { z } from "zod";
import type { Job } from "@/db/schema";
import { JOB_STATUSES } from "@/db/schema/job-status";
import { stepTimingSchema } from "./schemas";
import { CHARGE_RETURN_REASONS, CHARGE_RETURNS, chargeReturnOf, chargeReturnReasonOf } from "./charge-return";
import { summarizeStepRuns } from "./step-timings";

/** The one message format of the progress channels (WebSocket and SSE), docs/decisions.md §6.9. */
export const jobMessageSchema = z.object({
  type: z.enum(["progress", "completed", "failed"]),
  job_id: z.uuid(),
  status: z.enum(JOB_STATUSES),
  step: z.string().nullable(),
  progress: z.number().min(0).max(1),
  counts: z.record(z.string(), z.number()),
  /** Absent from messages of servers that predate step timings. */
  step_timings: z.array(stepTimingSchema).optional(),
  error: z.string().nullable().optional(),
  code: z.string().nullable().optional(),
  /** A failed job's: what its failure gave back to its payer (jobSchema.charge_returned). */
  charge_returned: z.enum(CHARGE_RETURNS).nullable().optional(),
  /** A failed job's: why its charge was given back or not (jobSchema.charge_return_reason). */
  charge_return_reason: z.enum(CHARGE_RETURN_REASONS).nullable().optional(),
  /** When the job ended; a failed job's free retry is open FREE_RETRY_DAYS from then. */
  completed_at: z.string().nullable().optional(),
  at: z.string(),
});
export type JobMessage = z.infer<typeof jobMessageSchema>;

export const JOB_EVENTS_CHANNEL = "storelens_job_events";

export function jobMessage(job: Job): JobMessage {
  const type = job.status === "completed" ? "completed" : job.status === "failed" ? "failed" : "progress";

  return {
    type,
    job_id: job.id,
    status: job.status,
    step: job.step,
    progress: job.progress,
    counts: job.counts,
    step_timings: summarizeStepRuns(job.stepRuns),
    ...(job.status === "failed"
      ? {
          error: job.error,
          code: job.errorCode,
          charge_returned: chargeReturnOf(job),
          charge_return_reason: chargeReturnReasonOf(job),
          completed_at: job.completedAt?.toISOString() ?? null,
        }
      : {}),
    at: job.updatedAt.toISOString(),
  };
}

export const isTerminal = (message: JobMessage) => message.type !== "progress";

/**
 * What a state change announces on JOB_EVENTS_CHANNEL: the job's message without its error. A
 * failure's text comes from outside (a store, a network error) and may be long; a NOTIFY payload
 * has a hard limit, so readers load a failed job's message from the database instead.
 */
export function jobNotice(job: Job): { payload: string; small: string } {
  const { error: _error, ...notice } = jobMessage(job);

  return { payload: JSON.stringify(notice), small: JSON.stringify({ job_id: job.id }) };
}

const noticeIdSchema = z.object({ job_id: z.uuid() });

/**
 * Reads a notice: the message itself when the notice carries all of it, `message: null` when
 * the job must be read from the database (a failure, or a notice cut down to the id), null
 * when the payload is not a job notice at all.
 */
export function readJobNotice(payload: string): { jobId: string; message: JobMessage | null } | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const whole = jobMessageSchema.safeParse(value);
  if (whole.success && whole.data.type !== "failed") return { jobId: whole.data.job_id, message: whole.data };
  const id = noticeIdSchema.safeParse(value);

  return id.success ? { jobId: id.data.job_id, message: null } : null;
}
