import Link from "next/link";
import { formatDate, plural } from "@/components/ui/format";
import type { JobResponse } from "@/lib/jobs/schemas";
import { JobFailure } from "./job-failure";
import { JobProgress } from "./job-progress";
import { JobStatusBadge } from "./job-status-badge";

type JobsListProps = {
  jobs: JobResponse[];
  pagination: { page: number; total: number; total_pages: number };
  basePath: string;
};

/** The signed-in user's jobs (at least one: the page shows the analyze form instead); running ones follow their progress live. */
export function JobsList({ jobs, pagination, basePath }: JobsListProps) {
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200" aria-label="Your jobs">
        {jobs.map((job) => (
          <li key={job.id} data-testid="job-row" className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <Link href={`/reports/${job.id}`} className="truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                  {job.domain}
                </Link>
                <JobStatusBadge status={job.status} />
              </div>
              <p className="mt-0.5 text-xs text-slate-500">
                Submitted {formatDate(job.created_at, true)}
                {job.counts.products !== undefined ? ` · ${plural(job.counts.products, "product")}` : ""}
              </p>
              {job.status === "failed" ? (
                <div className="mt-1">
                  <JobFailure
                    domain={job.domain}
                    code={job.code}
                    chargeReturned={job.charge_returned}
                    chargeReturnReason={job.charge_return_reason}
                    completedAt={job.completed_at}
                    compact
                  />
                </div>
              ) : null}
            </div>
            {job.status === "queued" || job.status === "running" ? (
              <div className="sm:w-64">
                <JobProgress job={job} onCompleted="refresh" compact />
              </div>
            ) : job.status === "completed" ? (
              <Link href={`/reports/${job.id}`} className="text-sm font-medium text-indigo-700 hover:underline">
                View report →
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {pagination.total_pages > 1 ? (
        <nav aria-label="Jobs pages" className="flex items-center justify-between text-sm">
          {pagination.page > 1 ? (
            <Link
              href={`${basePath}?page=${pagination.page - 1}`}
              rel="prev"
              className="rounded-md bg-white px-3 py-1.5 ring-1 ring-slate-300"
            >
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="tabular-nums text-slate-600">
            Page {pagination.page} of {pagination.total_pages}
          </span>
          {pagination.page < pagination.total_pages ? (
            <Link
              href={`${basePath}?page=${pagination.page + 1}`}
              rel="next"
              className="rounded-md bg-white px-3 py-1.5 ring-1 ring-slate-300"
            >
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
