import { formatCount, formatDate } from "@/components/ui/format";
import { ReportSection } from "@/components/reports/report-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

/** Links to the store's published reports: each a snapshot of the store at its date. */
export function StoreReportsSection({ data }: { data: StorePageData }) {
  if (data.published_reports.length === 0) return null;

  return (
    <ReportSection id="reports" title="Earlier reports" aside={`${formatCount(data.published_reports.length)} published`}>
      <ul className="grid gap-x-6 sm:grid-cols-2">
        {data.published_reports.map((report) => (
          <li key={report.job_id} className="border-b border-slate-100 py-2 text-sm">
            <a href={report.url} className="hover:text-indigo-700 hover:underline">
              Report of {formatDate(report.completed_at)}
            </a>
          </li>
        ))}
      </ul>
    </ReportSection>
  );
}
