"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import type { JobResponse } from "@/lib/jobs/schemas";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { describeCounts, stepLabel } from "./job-steps";
import { ProgressBar } from "./progress-bar";
import { StepDurations } from "./step-durations";
import { useJobProgress } from "./use-job-progress";
import type { ProgressTransport } from "./job-progress-source";

type JobProgressProps = {
  /** The job as the API returned it (POST /api/jobs or a server render): shown until live data arrives. */
  job: Pick<JobResponse, "id" | "domain" | "status" | "step" | "progress" | "counts" | "step_timings" | "error" | "code">;
  /**
   * What to do once the job completes: "open" navigates to the report (client-side, no
   * reload), "refresh" re-renders the current server page (the report page itself).
   */
  onCompleted?: "open" | "refresh" | "link";
  compact?: boolean;
};

const TRANSPORT_TEXT: Record<ProgressTransport, string> = {
  websocket: "live",
  sse: "live (event stream)",
  polling: "checking every few seconds",
};

function fromJob(job: JobProgressProps["job"]): JobMessage {
  return {
    type: job.status === "completed" ? "completed" : job.status === "failed" ? "failed" : "progress",
    job_id: job.id,
    status: job.status,
    step: job.step,
    progress: job.progress,
    counts: job.counts,
    step_timings: job.step_timings,
    error: job.error,
    code: job.code,
    at: "",
  };
}

export function JobProgress({ job, onCompleted = "link", compact = false }: JobProgressProps) {
  const router = useRouter();
  const live = useJobProgress(job.status === "completed" || job.status === "failed" ? null : job.id);
  const current = live.message ?? fromJob(job);
  const reportHref = `/reports/${job.id}`;
  const isDone = current.type === "completed";

  useEffect(() => {
    if (!isDone || live.message === null) return;
    // Only react to a completion seen live, not to a job that was already complete.
    if (onCompleted === "open") router.push(reportHref);
    if (onCompleted === "refresh") router.refresh();
  }, [isDone, live.message, onCompleted, reportHref, router]);

  if (live.notFound) {
    return (
      <p role="alert" className="text-sm text-red-700">
        This job no longer exists.
      </p>
    );
  }

  const step = stepLabel(current.step, current.status);
  const counts = describeCounts(current.counts);
  // Messages of a server without step timings leave the ones the page was rendered with.
  const timings = current.step_timings ?? job.step_timings;

  return (
    <div data-testid="job-progress" data-transport={live.transport ?? undefined} className={compact ? "space-y-1" : "space-y-3"}>
      <ProgressBar
        value={isDone ? 1 : current.progress}
        label={compact ? step : `Analyzing ${job.domain}`}
        detail={isDone ? "complete" : step}
        tone={isDone ? "done" : current.type === "failed" ? "failed" : "running"}
      />
      {/* Polite live region: screen readers hear step changes and the outcome, not every percent. */}
      <div aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        {current.type === "progress" ? (
          <>
            {compact ? null : <span className="font-medium text-slate-800">{step}</span>}
            {current.step ? (
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">{current.step}</code>
            ) : null}
            {counts ? <span className="tabular-nums">{counts}</span> : null}
            {live.transport && !compact ? <span className="text-xs text-slate-600">· {TRANSPORT_TEXT[live.transport]}</span> : null}
          </>
        ) : null}
        {current.type === "completed" ? (
          <span className="text-emerald-700">
            Analysis complete{counts ? ` — ${counts}` : ""}.{" "}
            <Link href={reportHref} className="font-medium text-indigo-700 underline hover:text-indigo-900">
              {onCompleted === "open" ? "Opening the report…" : "View the report"}
            </Link>
          </span>
        ) : null}
        {current.type === "failed" ? (
          <span role="alert" className="text-red-700">
            Analysis failed{current.step ? ` at ${current.step}` : ""}: {current.error ?? "unknown error"}
            {current.code ? <code className="ml-2 rounded bg-red-50 px-1.5 py-0.5 font-mono text-xs">{current.code}</code> : null}
          </span>
        ) : null}
      </div>
      {compact ? null : <StepDurations timings={timings} runningStep={current.type === "progress" ? current.step : null} />}
    </div>
  );
}
