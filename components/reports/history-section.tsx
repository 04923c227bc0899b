import Link from "next/link";
import { TimelineEvents } from "@/components/history/timeline-events";
import { formatDate } from "@/components/ui/format";
import type { JobHistory } from "@/lib/history/job-history";
import { EmptyNote, ReportSection } from "./report-section";

/** The report's history: the technologies this analysis saw come, go or change since the store's previous one. */
export function HistorySection({
  history,
  storeSlug,
  completedAt,
}: {
  history: JobHistory;
  storeSlug: string;
  completedAt: string | null;
}) {
  const { previous, events } = history;

  return (
    <ReportSection
      id="history"
      title="History"
      aside={
        <Link href={`/stores/${storeSlug}#history`} className="text-indigo-700 hover:underline">
          Store timeline
        </Link>
      }
    >
      {!previous ? (
        <EmptyNote>
          First analysis of this store{completedAt ? ` (${formatDate(completedAt)})` : ""}: no earlier one to compare its apps, theme and
          tags with.
        </EmptyNote>
      ) : events.length === 0 ? (
        <EmptyNote>
          No change of apps, theme, tags, languages, markets, social profiles or agent endpoints since{" "}
          <Link className="underline" href={`/reports/${previous.job_id}`}>
            {formatDate(previous.at)}
          </Link>
          .
        </EmptyNote>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500">
            Against the analysis of{" "}
            <Link className="underline" href={`/reports/${previous.job_id}`}>
              {formatDate(previous.at)}
            </Link>
            :
          </p>
          <TimelineEvents events={events} dated={false} />
        </>
      )}
    </ReportSection>
  );
}
