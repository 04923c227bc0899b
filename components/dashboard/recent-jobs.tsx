"use client";

import Link from "next/link";
import { JobProgress } from "@/components/jobs/job-progress";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { formatDate } from "@/components/ui/format";
import type { JobResponse } from "@/lib/jobs/schemas";

type RecentJobsProps = {
  jobs: JobResponse[];
  /** The job the analyze form above is following: its progress shows there, not twice. */
  watching: string | null;
};

/** The latest jobs with their state; running ones follow their progress live. */
export function RecentJobs({ jobs, watching }: RecentJobsProps) {
  if (jobs.length === 0) {
    return (
      <p className="text-slate-600" data-testid="recent-jobs-empty">
        No analyses yet. Enter a store&apos;s domain above (allbirds.com, for example): its progress shows here as it runs, then its report.
      </p>
    );
  }

  return (
    <ul className="divide-y divide-slate-100" aria-label="Recent jobs" data-testid="recent-jobs">
      {jobs.map((job) => {
        const running = job.status === "queued" || job.status === "running";

        return (
          <li key={job.id} data-testid="recent-job" className="space-y-2 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <Link
                href={`/reports/${job.id}`}
                className="min-w-0 truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline"
              >
                {job.domain}
              </Link>
              <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
                {formatDate(job.created_at)}
                {running && job.id === watching ? (
                  <span className="text-indigo-700">following above</span>
                ) : (
                  <JobStatusBadge status={job.status} />
                )}
              </span>
            </div>
            {running && job.id !== watching ? <JobProgress job={job} onCompleted="refresh" compact /> : null}
            {job.status === "completed" ? (
              <Link href={`/reports/${job.id}`} className="inline-block text-sm font-medium text-indigo-700 hover:underline">
                View report →
              </Link>
            ) : null}
            {job.status === "failed" && job.error ? <p className="text-sm text-red-700">{job.error}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
