import { formatDate } from "@/components/ui/format";
import { pagespeedFailureText } from "./pagespeed-failure";
import { EmptyNote, ReportSection } from "./report-section";
import type { PagespeedMetrics } from "@/lib/report-view/schemas";

type Audit = {
  strategy: string;
  performance_score: number | null;
  metrics: PagespeedMetrics | null;
  error: string | null;
  fetched_at: string;
};

// Lighthouse's own bands: 90+ good, 50–89 needs improvement, below 50 poor.
function scoreTone(score: number): string {
  if (score >= 90) return "text-emerald-700 ring-emerald-200 bg-emerald-50";
  if (score >= 50) return "text-amber-700 ring-amber-200 bg-amber-50";

  return "text-red-700 ring-red-200 bg-red-50";
}

const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? "—" : `${Math.round(ms)} ms`);

function AuditCard({ audit }: { audit: Audit }) {
  const lab = audit.metrics?.lab;
  const metrics: [string, string][] = lab
    ? [
        ["Largest Contentful Paint", seconds(lab.lcpMs)],
        ["First Contentful Paint", seconds(lab.fcpMs)],
        ["Total Blocking Time", millis(lab.tbtMs)],
        ["Cumulative Layout Shift", lab.cls === null ? "—" : lab.cls.toFixed(2)],
        ["Speed Index", seconds(lab.speedIndexMs)],
      ]
    : [];

  return (
    <div className="rounded-lg p-4 ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-medium capitalize text-slate-800">{audit.strategy}</h3>
        {audit.performance_score !== null ? (
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums ring-1 ${scoreTone(audit.performance_score)}`}>
            {Math.round(audit.performance_score)}
            <span className="sr-only"> out of 100</span>
          </span>
        ) : null}
      </div>
      {audit.error ? (
        <p className="mt-2 text-sm text-slate-600">
          <span className="font-medium text-slate-800">Could not be measured.</span> {pagespeedFailureText(audit.error)}
        </p>
      ) : null}
      {metrics.length > 0 ? (
        <dl className="mt-3 space-y-1 text-sm">
          {metrics.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt className="text-slate-500">{label}</dt>
              <dd className="tabular-nums text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {audit.error ? null : <p className="mt-3 text-xs text-slate-600">Measured {formatDate(audit.fetched_at, true)}</p>}
    </div>
  );
}

export function PagespeedSection({ audits }: { audits: Audit[] | null }) {
  return (
    <ReportSection id="pagespeed" title="PageSpeed">
      {audits === null || audits.length === 0 ? (
        <EmptyNote>No PageSpeed measurement was made for this analysis.</EmptyNote>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {audits.map((audit) => (
            <AuditCard key={audit.strategy} audit={audit} />
          ))}
        </div>
      )}
    </ReportSection>
  );
}
