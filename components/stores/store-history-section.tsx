import { TimelineEvents } from "@/components/history/timeline-events";
import { ReportSection, EmptyNote } from "@/components/reports/report-section";
import { formatDate } from "@/components/ui/format";
import type { StoreTimeline } from "@/lib/history/schemas";

const TECHNOLOGY_WORDS: Record<StoreTimeline["technologies"][number]["technology"], string> = {
  app: "App",
  theme: "Theme",
  tag: "Tag",
  language: "Language",
  market: "Ships to",
  social: "Social",
  agent_endpoint: "Agent endpoint",
};

/** Markets are many (a store ships to hundreds of countries): the page shows the others whole and these counted. */
const LISTED = new Set(["app", "theme", "tag", "language", "social", "agent_endpoint"]);

/** The store's history: recent events, and when each technology was first and last seen. */
export function StoreHistorySection({ timeline }: { timeline: StoreTimeline }) {
  const listed = timeline.technologies.filter((t) => LISTED.has(t.technology));

  return (
    <ReportSection
      id="history"
      title="History"
      aside={
        <a className="text-indigo-700 hover:underline" href={`/api/stores/${timeline.store.slug}/timeline`}>
          Timeline API
        </a>
      }
    >
      {timeline.note ? <p className="mb-3 text-sm text-slate-600">{timeline.note}</p> : null}
      <h3 className="mb-1 text-sm font-semibold text-slate-700">Recent changes</h3>
      {timeline.data.length === 0 ? (
        <EmptyNote>No change recorded between its analyses.</EmptyNote>
      ) : (
        <TimelineEvents events={timeline.data} />
      )}
      {listed.length > 0 ? (
        <>
          <h3 className="mt-4 mb-1 text-sm font-semibold text-slate-700">First and last seen</h3>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="technology-sightings">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">Technology</th>
                  <th className="py-1 pr-3 font-medium">First seen</th>
                  <th className="py-1 font-medium">Last seen</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {listed.map((t) => (
                  <tr key={`${t.technology}:${t.key}`} className={t.present ? undefined : "text-slate-400"}>
                    <td className="py-1 pr-3">
                      <span className="text-xs text-slate-500">{TECHNOLOGY_WORDS[t.technology]}</span> {t.label}
                      {t.version ? ` ${t.version}` : ""}
                      {t.present ? "" : " (gone)"}
                    </td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatDate(t.first_seen.at)}</td>
                    <td className="py-1 whitespace-nowrap">{formatDate(t.last_seen.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </ReportSection>
  );
}
