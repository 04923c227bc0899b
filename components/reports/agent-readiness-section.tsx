import type { StoredFindings } from "@/lib/findings";
import { agentReadinessLines, CRAWLER_VERDICT_TEXT, crawlerTally, unnamedCrawlerSentence } from "./agent-readiness-lines";
import { ReportSection } from "./report-section";

/** What the store offers AI agents, and what its robots.txt tells AI crawlers. */
export function AgentReadinessSection({ readiness }: { readiness: StoredFindings["agent_readiness"] }) {
  if (!readiness) return null;
  const { ai_crawlers: crawlers } = readiness.value;

  return (
    <ReportSection id="agent-readiness" title="Ready for AI agents" aside="One request each, as the store answered it">
      <ul className="space-y-1 text-sm text-slate-700">
        {agentReadinessLines(readiness.value).map((line) => (
          <li key={line.label} className="flex gap-2 break-words">
            <span aria-hidden="true" className={line.ok ? "text-emerald-700" : "text-slate-500"}>
              {line.ok ? "✓" : "–"}
            </span>
            <span>
              {line.text}
              {line.detail ? <span className="block text-xs text-slate-500">{line.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      <details className="mt-5 rounded-lg ring-1 ring-slate-200">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">
          AI crawlers in robots.txt: {crawlerTally(crawlers.crawlers)}
        </summary>
        <div className="border-t border-slate-100 px-3 py-3">
          <p className="text-xs text-slate-500">
            What the store&apos;s robots.txt tells each crawler. {unnamedCrawlerSentence(crawlers.everyone)}
          </p>
          <div className="mt-2 overflow-x-auto rounded-lg ring-1 ring-slate-200">
            <table className="w-full text-left text-sm" aria-label="AI crawlers in robots.txt">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Crawler
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    robots.txt
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {crawlers.crawlers.map(({ agent, verdict }) => (
                  <tr key={agent}>
                    <td className="px-3 py-1.5 font-mono text-xs text-slate-800">{agent}</td>
                    <td className={`px-3 py-1.5 ${verdict === "disallowed" ? "text-rose-700" : "text-slate-700"}`}>
                      {CRAWLER_VERDICT_TEXT[verdict]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </details>
    </ReportSection>
  );
}
