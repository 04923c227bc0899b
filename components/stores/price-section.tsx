import { formatCount, formatPrice, plural } from "@/components/reports/format";
import { EmptyNote, ReportSection } from "@/components/reports/report-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

/** Price range and a bar chart of products per price band (plain SVG: no client code). */
export function PriceSection({ prices }: { prices: StorePageData["prices"] }) {
  const bands = prices.distribution;
  const peak = Math.max(1, ...bands.map((band) => band.count));
  const barWidth = bands.length > 0 ? 100 / bands.length : 0;

  return (
    <ReportSection id="prices" title="Prices" aside={prices.currency ?? undefined}>
      <p className="text-sm text-slate-700">
        From <strong>{formatPrice(prices.min, prices.currency)}</strong> to <strong>{formatPrice(prices.max, prices.currency)}</strong>
        {prices.median !== null ? <> · median product price <strong>{formatPrice(String(prices.median), prices.currency)}</strong></> : null}
      </p>
      {bands.length === 0 ? (
        <EmptyNote>No prices were published.</EmptyNote>
      ) : (
        <figure className="mt-4">
          <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-40 w-full" role="img" aria-label="Products per price band">
            {bands.map((band, i) => {
              const height = (band.count / peak) * 38;

              return (
                <rect key={band.from} x={i * barWidth + barWidth * 0.1} y={40 - height} width={barWidth * 0.8} height={height} className="fill-indigo-500">
                  <title>{`${formatPrice(String(band.from), prices.currency)} – ${formatPrice(String(band.to), prices.currency)}: ${plural(band.count, "product")}`}</title>
                </rect>
              );
            })}
          </svg>
          <figcaption>
            <ol className="mt-2 grid gap-1 text-xs text-slate-500" style={{ gridTemplateColumns: `repeat(${bands.length}, minmax(0, 1fr))` }}>
              {bands.map((band) => (
                <li key={band.from} className="text-center">
                  <span className="block tabular-nums">{formatPrice(String(band.from), prices.currency)}+</span>
                  <span className="block tabular-nums text-slate-700">{formatCount(band.count)}</span>
                </li>
              ))}
            </ol>
          </figcaption>
        </figure>
      )}
    </ReportSection>
  );
}
