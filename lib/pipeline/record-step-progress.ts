import type { Job } from "@/db/schema";
import { getJob } from "@/lib/jobs/get-job";
import { recordJobProgress } from "@/lib/jobs/job-state";
import { progressThrough, type PipelineStep } from "./pipeline-steps";

/**
 * Records that a job is `done` (0..1) through one pipeline step, with the counts it has so far.
 * The step's share of the bar is its planned work for the store's size (plannedWork), so the
 * job's counts, the announced product count among them, are read first.
 */
export async function recordStepProgress(
  jobId: string,
  step: PipelineStep,
  { done = 1, counts }: { done?: number; counts?: Record<string, number> } = {},
): Promise<Job | null> {
  const job = await getJob(jobId);
  const progress = progressThrough(step, done, { ...job.counts, ...counts });

  return recordJobProgress(jobId, { step: step.id, progress, counts });
}

/** Announces that a step has started, so the page explains the step the job is really in. */
export function recordStepStart(jobId: string, step: PipelineStep): Promise<Job | null> {
  return recordStepProgress(jobId, step, { done: 0 });
}
