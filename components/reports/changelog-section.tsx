import Link from "next/link";
import { CHANGELOG_SHOWN } from "@/lib/report-view/schemas";
import { formatCount, formatDate } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "./report-section";

type Changelog = {
  /** The store's previous completed analysis, whatever it found; null for its first. */
  previous_job_id: string | null;
  /** When that analysis completed. */
  previous_completed_at: string | null;
  /** The first page of entries. */
  data: { subject: string; change: string; id: string; title: string | null }[];
  pagination: { total: number };
  tally: { subject: string; change: string; count: number }[];
};

const CHANGE_STYLE: Record<string, string> = {
  added: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  removed: "bg-red-50 text-red-700 ring-red-200",
  changed: "bg-sky-50 text-sky-700 ring-sky-200",
};

export function ChangelogSection({ jobId, changelog }: { jobId: string; changelog: Changelog }) {
  const { data: entries, previous_job_id: previous } = changelog;
  const total = changelog.pagination.total;

  return (
    <ReportSection
      id="changes"
      title="Changes since the previous analysis"
      aside={
        previous ? (
          <Link href={`/reports/${previous}`} className="text-indigo-700 hover:underline">
            Previous report
          </Link>
        ) : undefined
      }
    >
      {!previous ? (
        <EmptyNote>This is the first analysis of this store; the next one will list what changed.</EmptyNote>
      ) : total === 0 ? (
        <EmptyNote>
          No change since{" "}
          <Link href={`/reports/${previous}`} className="text-indigo-700 hover:underline">
            {changelog.previous_completed_at ? formatDate(changelog.previous_completed_at, true) : "the previous analysis"}
          </Link>
          .
        </EmptyNote>
      ) : (
        <>
          <ul className="mb-3 flex flex-wrap gap-2 text-xs">
            {changelog.tally.map(({ subject, change, count }) => (
              <li key={`${subject} ${change}`} className="rounded-full bg-slate-50 px-2.5 py-1 text-slate-700 ring-1 ring-slate-200">
                {formatCount(count)} {subject} {change}
              </li>
            ))}
          </ul>
          <ul className="divide-y divide-slate-100 text-sm">
            {entries.slice(0, CHANGELOG_SHOWN).map((entry) => (
              <li key={`${entry.subject}-${entry.change}-${entry.id}`} className="flex items-baseline gap-2 py-1.5">
                <span className={`rounded px-1.5 text-xs ring-1 ${CHANGE_STYLE[entry.change] ?? "ring-slate-200"}`}>{entry.change}</span>
                <span className="text-xs text-slate-500">{entry.subject}</span>
                <span className="min-w-0 truncate text-slate-800">{entry.title ?? entry.id}</span>
              </li>
            ))}
          </ul>
          {total > entries.length ? (
            <p className="mt-2 text-xs text-slate-500">
              And {formatCount(total - entries.length)} more in the{" "}
              <a className="underline" href={`/api/changelog/${jobId}`}>
                changelog API
              </a>
              .
            </p>
          ) : null}
        </>
      )}
    </ReportSection>
  );
}
