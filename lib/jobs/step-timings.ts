import type { StepRun } from "@/db/schema";
import type { StepTiming } from "./schemas";

/**
 * A job's step runs summed up per step, in the order the steps first started: the slices of
 * fetch-products and the failed attempts of a retried step count in their step's total.
 */
export function summarizeStepRuns(runs: readonly StepRun[]): StepTiming[] {
  const byStep = new Map<string, StepTiming>();
  for (const run of runs) {
    const seen = byStep.get(run.step);
    if (!seen) {
      byStep.set(run.step, {
        step: run.step,
        started_at: run.startedAt,
        finished_at: run.finishedAt,
        duration_ms: run.ms,
        runs: 1,
        failed_runs: run.ok ? 0 : 1,
      });
      continue;
    }
    seen.started_at = run.startedAt < seen.started_at ? run.startedAt : seen.started_at;
    seen.finished_at = run.finishedAt > seen.finished_at ? run.finishedAt : seen.finished_at;
    seen.duration_ms += run.ms;
    seen.runs += 1;
    seen.failed_runs += run.ok ? 0 : 1;
  }

  return [...byStep.values()]
    .map((timing) => ({ ...timing, duration_ms: Math.round(timing.duration_ms) }))
    .sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
}
