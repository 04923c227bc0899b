import { z } from "zod";
import type { Job } from "@/db/schema";
import { JOB_STATUSES } from "@/db/schema/job-status";

/** The one message format of the progress channels (WebSocket and SSE), docs/decisions.md §6.9. */
export const jobMessageSchema = z.object({
  type: z.enum(["progress", "completed", "failed"]),
  job_id: z.uuid(),
  status: z.enum(JOB_STATUSES),
  step: z.string().nullable(),
  progress: z.number().min(0).max(1),
  counts: z.record(z.string(), z.number()),
  error: z.string().nullable().optional(),
  code: z.string().nullable().optional(),
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
    ...(job.status === "failed" ? { error: job.error, code: job.errorCode } : {}),
    at: job.updatedAt.toISOString(),
  };
}

export const isTerminal = (message: JobMessage) => message.type !== "progress";
