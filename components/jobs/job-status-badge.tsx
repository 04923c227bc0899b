import type { JobResponse } from "@/lib/jobs/schemas";

const STYLE: Record<JobResponse["status"], string> = {
  queued: "bg-slate-50 text-slate-700 ring-slate-200",
  running: "bg-indigo-50 text-indigo-700 ring-indigo-200",
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  failed: "bg-red-50 text-red-700 ring-red-200",
};

export function JobStatusBadge({ status }: { status: JobResponse["status"] }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLE[status]}`}>{status}</span>;
}
