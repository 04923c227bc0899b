import type { StoredFindings } from "@/lib/findings";
import type { Labelled } from "@/lib/report-view/schemas";
import { ProvenanceInfo } from "./provenance";
import { EmptyNote, ReportSection } from "./report-section";
import { storeDetailRows, type DetailRow } from "./store-detail-rows";

function DetailList({ title, rows }: { title: string; rows: DetailRow[] }) {
  if (rows.length === 0) return null;

  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      <dl className="mt-1">
        {rows.map((row) => (
          <div key={row.key} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 border-b border-slate-100 py-2 text-sm">
            <dt className="text-slate-500">
              {row.label}
              {row.how ? <ProvenanceInfo label={row.label} how={row.how} /> : null}
            </dt>
            <dd className="min-w-0 break-words text-slate-800">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function StoreDetailsSection({ metadata, findings }: { metadata: Record<string, Labelled>; findings: StoredFindings }) {
  const { observed, derived } = storeDetailRows(metadata, findings);

  return (
    <ReportSection id="details" title="Store details">
      {observed.length + derived.length === 0 ? (
        <EmptyNote>No store details in this report.</EmptyNote>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <DetailList title="Read from the store" rows={observed} />
          <DetailList title="Worked out by StoreLens" rows={derived} />
        </div>
      )}
    </ReportSection>
  );
}
