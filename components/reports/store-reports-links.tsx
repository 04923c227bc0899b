import Link from "next/link";
import { formatDate } from "@/components/ui/format";

/** Links from a tracked store's page to the store's reports, newest first, and to its public page. */
export function StoreReportsLinks({ slug, reports }: { slug: string; reports: { job_id: string; completed_at: string }[] }) {
  if (reports.length === 0) return null;
  const [latest, ...earlier] = reports;

  return (
    <nav aria-label="Reports of this shop" className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <Link href={`/reports/${latest!.job_id}`} className="rounded-lg bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700">
        Latest report
      </Link>
      <Link
        href={`/stores/${encodeURIComponent(slug)}`}
        className="rounded-lg px-3 py-1.5 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
      >
        Store page
      </Link>
      {earlier.length > 0 ? (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
          Earlier reports:
          {earlier.map((report) => (
            <Link
              key={report.job_id}
              href={`/reports/${report.job_id}`}
              className="text-indigo-700 underline decoration-indigo-200 hover:decoration-indigo-700"
            >
              {formatDate(report.completed_at)}
            </Link>
          ))}
        </span>
      ) : null}
    </nav>
  );
}
