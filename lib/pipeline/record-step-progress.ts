import type { Job } from "@/db/schema";
import { recordJobProgress } from "@/lib/jobs/job-state";
import { progressThrough, type PipelineStep } from "./pipeline-steps";

/** Records that a job is `done` (0..1) through one pipeline step, with the counts it has so far. */
export function recordStepProgress(
  jobId: string,
  step: PipelineStep,
  { done = 1, counts }: { done?: number; counts?: Record<string, number> } = {},
): Promise<Job | null> {
  return recordJobProgress(jobId, { step: step.id, progress: progressThrough(step, done), counts });
}
