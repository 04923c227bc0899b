"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { formatTimeLeft } from "@/components/ui/format";
import type { JobResponse } from "@/lib/jobs/schemas";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { JobFailure } from "./job-failure";
import { describeCounts, estimateTimeLeft, stepExplanation, stepLabel } from "./job-steps";
import { ProgressBar } from "./progress-bar";
import { StepList } from "./step-list";
import { useJobProgress } from "./use-job-progress";
import type { ProgressTransport } from "./job-progress-source";

type JobProgressProps = {
  /** The job as the API returned it (POST /api/jobs or a server render): shown until live data arrives. */
  job: Pick<
    JobResponse,
    | "id"
    | "domain"
    | "status"
    | "step"
    | "progress"
    | "counts"
    | "step_timings"
    | "error"
    | "code"
    | "charge_returned"
    | "charge_return_reason"
    | "completed_at"
  >;
  /**
   * What to do once the job ends: "open" navigates to the report (client-side, no reload),
   * "refresh" re-renders the current server page (the report page itself); after a failure both
   * re-render the page. "link" only shows the way to the report.
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
    charge_returned: job.charge_returned,
    charge_return_reason: job.charge_return_reason,
    completed_at: job.completed_at,
    at: "",
  };
}

/**
 * Counts down from the latest estimate between messages: a long step (collection membership on a
 * big store) sends none for a while, and the time left must still move. Null while unknown.
 */
function useTimeLeft(estimateMs: number | null, messageKey: string): string | null {
  const [now, setNow] = useState(() => Date.now());
  const [anchor, setAnchor] = useState<{ key: string; at: number }>({ key: messageKey, at: now });
  if (anchor.key !== messageKey) setAnchor({ key: messageKey, at: now });
  useEffect(() => {
    if (estimateMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);

    return () => clearInterval(timer);
  }, [estimateMs]);
  if (estimateMs === null) return null;

  return formatTimeLeft(estimateMs - (now - anchor.at));
}

/** The bar moves forward only: a later message with a smaller figure (a re-planned step) does not pull it back. */
function useForwardOnly(value: number): number {
  const [furthest, setFurthest] = useState(value);
  if (value > furthest) setFurthest(value);

  return Math.max(furthest, value);
}

export function JobProgress({ job, onCompleted = "link", compact = false }: JobProgressProps) {
  const router = useRouter();
  const live = useJobProgress(job.status === "completed" || job.status === "failed" ? null : job.id);
  const current = live.message ?? fromJob(job);
  const reportHref = `/reports/${job.id}`;
  const isDone = current.type === "completed";
  // Messages of a server without step timings leave the ones the page was rendered with.
  const timings = current.step_timings ?? job.step_timings;
  const running = current.type === "progress" && current.status === "running";
  const timeLeft = useTimeLeft(
    running ? estimateTimeLeft(current.progress, current.counts, timings) : null,
    `${current.step}:${current.progress}:${timings.length}:${timings.at(-1)?.runs ?? 0}`,
  );

  const progress = useForwardOnly(current.progress);
  const isFailed = current.type === "failed";
  useEffect(() => {
    if (!(isDone || isFailed) || live.message === null) return;
    // Only react to an end seen live, not to a job that had already ended.
    if (isDone && onCompleted === "open") router.push(reportHref);
    // A failure hands its charge back: the page around the form (the dashboard's usage) must say so too.
    else if (onCompleted !== "link") router.refresh();
  }, [isDone, isFailed, live.message, onCompleted, reportHref, router]);

  if (live.notFound) {
    return (
      <p role="alert" className="text-sm text-red-700">
        This job no longer exists.
      </p>
    );
  }

  if (current.type === "failed") {
    // No bar and no "Analyzing" once the job has failed: what happened, and what to do next.
    return (
      <div data-testid="job-progress" className={compact ? "space-y-1" : "space-y-4"}>
        <JobFailure
          domain={job.domain}
          code={current.code}
          chargeReturned={current.charge_returned}
          chargeReturnReason={current.charge_return_reason}
          completedAt={current.completed_at}
          compact={compact}
        />
        {compact ? null : <StepList step={current.step} status="failed" timings={timings} />}
      </div>
    );
  }

  const step = stepLabel(current.step, current.status);
  const explanation = stepExplanation(current.step, current.status, job.domain);
  const counts = describeCounts(current.counts);

  return (
    <div data-testid="job-progress" data-transport={live.transport ?? undefined} className={compact ? "space-y-1" : "space-y-4"}>
      <ProgressBar
        value={isDone ? 1 : progress}
        label={compact ? step : isDone ? `Analyzed ${job.domain}` : `Analyzing ${job.domain}`}
        detail={isDone ? "complete" : step}
        tone={isDone ? "done" : "running"}
      />
      {/* Polite live region: screen readers hear step changes and the outcome, not every percent. */}
      <div aria-live="polite" className="space-y-1 text-sm text-slate-600">
        {current.type === "progress" ? (
          <>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              {compact ? null : <span className="font-medium text-slate-800">{step}</span>}
              {counts ? <span className="tabular-nums">{counts}</span> : null}
              {timeLeft && !compact ? (
                <span data-testid="time-left" className="tabular-nums text-slate-700">
                  · {timeLeft}
                </span>
              ) : null}
              {live.transport && !compact ? <span className="text-xs text-slate-600">· {TRANSPORT_TEXT[live.transport]}</span> : null}
            </p>
            {explanation && !compact ? <p data-testid="step-explanation">{explanation}</p> : null}
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
      </div>
      {compact ? null : <StepList step={current.step} status={current.status} timings={timings} />}
    </div>
  );
}
