import { performance } from "node:perf_hooks";
import { recordStepRun } from "@/lib/jobs/record-step-run";
import { logger } from "@/lib/log";
import { WAITED_STEPS, type PipelineStep } from "./pipeline-steps";
import { recordStepStart } from "./record-step-progress";

/**
 * Runs one pipeline step's body and records its wall time on the job, whether it returned or
 * threw. A step the person waits for is first announced as the job's current one: steps record
 * their progress when they end, and the page must not keep explaining the step before. It wraps
 * the body of `step.run`, the code both engines execute, so a job run by Inngest is timed (and
 * announced) the same as one run by the embedded executor. Times are the wall clock,
 * never an installed simulation clock: they are compared with outside measurements.
 */
export async function timeStepRun<T>(jobId: string, step: PipelineStep, attempt: number, body: () => Promise<T>): Promise<T> {
  const startedAt = new Date();
  const start = performance.now();
  let ok = false;
  try {
    if (WAITED_STEPS.includes(step)) await recordStepStart(jobId, step);
    const result = await body();
    ok = true;

    return result;
  } finally {
    const ms = performance.now() - start;
    // A timing that cannot be written must not turn a finished step into a retried one.
    await recordStepRun(jobId, {
      step: step.id,
      attempt,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      ms,
      ok,
    }).catch((error: unknown) => logger.warn("step timing not recorded", { jobId, step: step.id, error }));
  }
}
