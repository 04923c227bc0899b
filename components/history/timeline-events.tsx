import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { eventKindWords, eventSubjectWords, isRemoval } from "@/lib/history/event-words";
import type { TimelineEvent } from "@/lib/history/schemas";

/** A list of timeline events: the kind as a pill, what it concerns, and (unless one analysis is shown) its date. */
export function TimelineEvents({ events, dated = true }: { events: TimelineEvent[]; dated?: boolean }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="timeline-events">
      {events.map((event) => (
        <li
          key={`${event.analysis.job_id}-${event.kind}-${event.key}`}
          className="flex flex-wrap items-baseline gap-x-2 gap-y-1 py-1.5"
          data-kind={event.kind}
        >
          <Badge tone={isRemoval(event.kind) ? "red" : event.kind.endsWith("_changed") ? "indigo" : "emerald"}>
            {eventKindWords(event.kind)}
          </Badge>
          <span className="min-w-0 break-words text-slate-800">{eventSubjectWords(event)}</span>
          {dated ? (
            <Link className="ml-auto text-xs text-slate-500 hover:underline" href={`/reports/${event.analysis.job_id}`}>
              {formatDate(event.analysis.at)}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
