import { BarChart } from "@/components/reports/bar-chart";
import { priceBandBars } from "@/components/reports/chart-bars";
import { formatPrice } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "@/components/reports/report-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

/** Price range and products per price band (the chart the report page draws too). */
export function PriceSection({ prices }: { prices: StorePageData["prices"] }) {
  const bands = prices.distribution;

  return (
    <ReportSection id="prices" title="Prices" aside={prices.currency ?? undefined}>
      <p className="text-sm text-slate-700">
        From <strong>{formatPrice(prices.min, prices.currency)}</strong> to <strong>{formatPrice(prices.max, prices.currency)}</strong>
        {prices.median !== null ? (
          <>
            {" "}
            · median product price <strong>{formatPrice(String(prices.median), prices.currency)}</strong>
          </>
        ) : null}
      </p>
      {bands.length === 0 ? (
        <EmptyNote>No prices were published.</EmptyNote>
      ) : (
        <div className="mt-4">
          <BarChart
            title="Products per price band"
            bars={priceBandBars(bands, prices.currency)}
            labelHeading="Price band"
            valueHeading="Products"
          />
        </div>
      )}
    </ReportSection>
  );
}
