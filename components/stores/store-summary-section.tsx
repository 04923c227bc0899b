import { formatCount } from "@/components/reports/format";
import { ReportSection } from "@/components/reports/report-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function StoreSummarySection({ data }: { data: StorePageData }) {
  const { summary } = data;

  return (
    <ReportSection id="summary" title="At a glance">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Products" value={formatCount(summary.product_count)} />
        <Stat label="Variants" value={formatCount(summary.variant_count)} />
        <Stat label="In stock" value={formatCount(summary.available_product_count)} />
        <Stat label="Collections" value={formatCount(summary.collection_count)} />
      </dl>
      {summary.top_vendors.length > 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          Top vendors: {summary.top_vendors.slice(0, 5).map((v) => `${v.vendor} (${formatCount(v.count)})`).join(", ")}
        </p>
      ) : null}
    </ReportSection>
  );
}
