import type { ReportPageSummary } from "@/lib/report-view/schemas";
import { BarChart } from "./bar-chart";
import { priceBandBars } from "./chart-bars";
import { formatPrice } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "./report-section";

/** What the store sells at a glance: products per price band, top vendors and product types. */
export function OverviewSection({ summary, currency }: { summary: ReportPageSummary; currency: string | null }) {
  const distribution = summary.price_distribution;
  const bands = distribution?.bands ?? [];
  const vendors = (summary.top_vendors ?? []).map((row) => ({ label: row.vendor, value: row.count }));
  const types = (summary.top_product_types ?? []).map((row) => ({ label: row.product_type, value: row.count }));
  const empty = bands.length === 0 && vendors.length === 0 && types.length === 0;

  return (
    <ReportSection id="overview" title="Catalog at a glance">
      {empty ? (
        <EmptyNote>This report has no priced, typed or branded products to chart.</EmptyNote>
      ) : (
        <div className="grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3">
          {bands.length > 0 ? (
            <div>
              <BarChart
                title="Products per price band"
                bars={priceBandBars(bands, currency)}
                labelHeading="Price band"
                valueHeading="Products"
              />
              {distribution?.median != null ? (
                <p className="mt-2 text-xs text-slate-500">Median product price {formatPrice(String(distribution.median), currency)}</p>
              ) : null}
            </div>
          ) : null}
          {vendors.length > 0 ? <BarChart title="Top vendors" bars={vendors} labelHeading="Vendor" valueHeading="Products" /> : null}
          {types.length > 0 ? <BarChart title="Product types" bars={types} labelHeading="Product type" valueHeading="Products" /> : null}
        </div>
      )}
    </ReportSection>
  );
}
