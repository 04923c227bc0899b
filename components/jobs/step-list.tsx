import type { StepTiming } from "@/lib/jobs/schemas";
import { WAITED_STEPS } from "@/lib/pipeline/pipeline-steps";
import { describeDuration } from "./job-steps";

type StepListProps = {
  /** The job's current step (where it failed, for a failed job). */
  step: string | null;
  status: "queued" | "running" | "completed" | "failed";
  timings: readonly StepTiming[];
};

type StepState = "done" | "current" | "failed" | "pending";

const MARK: Record<StepState, { symbol: string; className: string; spoken: string }> = {
  done: { symbol: "✓", className: "bg-emerald-100 text-emerald-700", spoken: "done" },
  current: { symbol: "•", className: "bg-indigo-600 text-white motion-safe:animate-pulse", spoken: "in progress" },
  failed: { symbol: "✕", className: "bg-red-100 text-red-700", spoken: "stopped here" },
  pending: { symbol: "", className: "bg-white ring-1 ring-inset ring-slate-300", spoken: "to do" },
};

function stateOf(index: number, current: number, status: StepListProps["status"]): StepState {
  if (status === "completed") return "done";
  if (status === "queued" || current < 0) return "pending";
  if (index < current) return "done";
  if (index > current) return "pending";

  return status === "failed" ? "failed" : "current";
}

/** The analysis's steps by name, each marked done, in progress or to do, with the time the done ones took. */
export function StepList({ step, status, timings }: StepListProps) {
  const current = WAITED_STEPS.findIndex((s) => s.id === step);
  const byStep = new Map(timings.map((timing) => [timing.step, timing]));

  return (
    <section aria-label="Steps" data-testid="job-steps" className="text-sm">
      <ol className="space-y-1.5">
        {WAITED_STEPS.map((s, index) => {
          const state = stateOf(index, current, status);
          const timing = byStep.get(s.id);
          const mark = MARK[state];

          return (
            <li key={s.id} data-state={state} className="flex items-center gap-2.5">
              <span
                aria-hidden="true"
                className={`flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${mark.className}`}
              >
                {mark.symbol}
              </span>
              <span
                className={`min-w-0 flex-1 truncate ${state === "pending" ? "text-slate-500" : "text-slate-800"} ${state === "current" ? "font-medium" : ""}`}
              >
                {s.label}
                <span className="sr-only">, {mark.spoken}</span>
                {timing && timing.failed_runs > 0 && state !== "failed" ? (
                  <span className="text-amber-700"> · retried {timing.failed_runs === 1 ? "once" : `${timing.failed_runs} times`}</span>
                ) : null}
              </span>{" "}
              {timing && state !== "pending" ? (
                <span className="shrink-0 text-xs tabular-nums text-slate-500">
                  {describeDuration(timing.duration_ms)}
                  {state === "current" ? " so far" : ""}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
