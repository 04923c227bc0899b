import { BarChart } from "@/components/reports/bar-chart";
import { formatCount } from "@/components/ui/format";
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
  const vendors = summary.top_vendors.map((row) => ({ label: row.vendor, value: row.count }));
  const types = summary.top_product_types.map((row) => ({ label: row.product_type, value: row.count }));

  return (
    <ReportSection id="summary" title="At a glance">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Products" value={formatCount(summary.product_count)} />
        <Stat label="Variants" value={formatCount(summary.variant_count)} />
        <Stat label="In stock" value={formatCount(summary.available_product_count)} />
        <Stat label="Collections" value={formatCount(summary.collection_count)} />
      </dl>
      {vendors.length > 0 || types.length > 0 ? (
        <div className="mt-5 grid items-start gap-6 md:grid-cols-2">
          {vendors.length > 0 ? <BarChart title="Top vendors" bars={vendors} labelHeading="Vendor" valueHeading="Products" /> : null}
          {types.length > 0 ? <BarChart title="Product types" bars={types} labelHeading="Product type" valueHeading="Products" /> : null}
        </div>
      ) : null}
    </ReportSection>
  );
}
