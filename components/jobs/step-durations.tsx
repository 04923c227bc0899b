import type { StepTiming } from "@/lib/jobs/schemas";
import { describeDuration, stepLabel } from "./job-steps";

type StepDurationsProps = {
  timings: StepTiming[];
  /** The step the job is in while it runs: its time is only what its finished runs took so far. */
  runningStep?: string | null;
};

/** How long each step of a job took, one line per step that has finished a run. */
export function StepDurations({ timings, runningStep }: StepDurationsProps) {
  if (timings.length === 0) return null;

  return (
    <section aria-label="Time per step" data-testid="step-durations" className="text-xs text-slate-600">
      <p className="mb-1 font-medium text-slate-700">Time per step</p>
      <ol className="space-y-0.5">
        {timings.map((timing) => (
          <li key={timing.step} className="flex items-baseline justify-between gap-4">
            <span className="min-w-0 truncate" title={timing.step}>
              {stepLabel(timing.step, "running")}
              {timing.runs > 1 ? <span className="text-slate-600"> · {timing.runs} runs</span> : null}
              {timing.failed_runs > 0 ? <span className="text-amber-700"> · {timing.failed_runs} failed</span> : null}
            </span>
            <span className="shrink-0 text-right tabular-nums">
              {describeDuration(timing.duration_ms)}
              {timing.step === runningStep ? <span className="text-slate-600"> so far</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
