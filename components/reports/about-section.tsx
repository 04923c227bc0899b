import type { StoredFindings } from "@/lib/findings";
import { formatCount } from "@/components/ui/format";
import { ProvenanceLegend } from "./provenance";
import { ReportSection } from "./report-section";

const REFUSAL_NAMES: Record<string, string> = {
  "403": "403 Forbidden",
  "423": "423 Locked",
  "429": "429 Too Many Requests",
  "430": "430 Security Rejection",
  challenge: "Bot challenge",
};

/**
 * About this analysis, last and quiet: where the figures come from, then how the store was read
 * (our requests, the store's refusals, what its robots.txt kept us from) folded away, since it
 * matters when something is missing and weighs nothing otherwise.
 */
export function AboutSection({ crawl }: { crawl: StoredFindings["crawl"] }) {
  return (
    <ReportSection id="about" title="About this analysis">
      <ProvenanceLegend />
      {crawl ? <CrawlDetails crawl={crawl} /> : null}
    </ReportSection>
  );
}

function CrawlDetails({ crawl }: { crawl: NonNullable<StoredFindings["crawl"]> }) {
  const { requests, signed_requests: signed, retries, refusals, robots } = crawl.value;
  const refused = Object.entries(refusals).filter(([, n]) => n > 0);
  const stats = [
    { label: "Requests", value: formatCount(requests) },
    { label: "Signed", value: formatCount(signed) },
    { label: "Retries", value: formatCount(retries) },
    { label: "Refused", value: formatCount(refused.reduce((sum, [, n]) => sum + n, 0)) },
  ];

  return (
    <details id="crawl" className="mt-4 rounded-lg ring-1 ring-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">
        How the store was read: {formatCount(requests)} {requests === 1 ? "request" : "requests"}
        {refused.length > 0 ? ", some refused" : ""}
      </summary>
      <div className="border-t border-slate-100 px-3 py-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-500">{stat.label}</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-4 space-y-1 text-sm text-slate-600">
          {refused.length > 0 ? (
            <li>Refusals: {refused.map(([status, n]) => `${REFUSAL_NAMES[status] ?? status} × ${formatCount(n)}`).join(", ")}</li>
          ) : null}
          <li>
            robots.txt:{" "}
            {robots.status === "missing" ? "none served (everything allowed)" : robots.status === "ok" ? "read and followed" : "not read"}
            {robots.crawl_delay_seconds !== null ? `; one request every ${robots.crawl_delay_seconds} s at most, as it asks` : ""}
          </li>
          {robots.skipped.length > 0 ? (
            <li className="break-words">
              Not read because robots.txt disallows it:{" "}
              {robots.skipped.map((skip) => `${skip.path.replace(/\?.*$/, "")} (${skip.kind})`).join(", ")}
            </li>
          ) : null}
        </ul>
      </div>
    </details>
  );
}
