import { formatCount, formatDate, formatDays } from "@/components/ui/format";
import { Basis } from "./detail-parts";
import type { InventorySummary } from "./detail-types";
import { InventoryChart } from "./inventory-chart";
import { SalesValueText } from "./sales-value-text";
import { ConfidenceLegend, SalesBand, ScaleAxis, scaleFor } from "./sales-band";

type Window = InventorySummary["window"];

/** "from 4 snapshots over 3 days (10 Apr – 13 Apr)": what a sales figure is measured between. */
export function observedText(window: Window, locale: string): string {
  if (!window.observed_from || !window.observed_to || window.snapshots < 2)
    return `from ${window.snapshots} snapshot${window.snapshots === 1 ? "" : "s"}: sales need two`;
  const span = window.observed_days * 24 < 1 ? "under an hour" : formatDays(window.observed_days, locale);

  return `from ${formatCount(window.snapshots, locale)} snapshots over ${span} (${formatDate(window.observed_from)} – ${formatDate(window.observed_to)})`;
}

/** Units sold, daily sales, stock, top sellers and restocks, each saying what it is measured over. */
export function InventorySummaryView({ summary, locale }: { summary: InventorySummary; locale: string }) {
  const units = summary.units_sold_30d;
  const daily = summary.estimated_daily_sales;
  const assumption = summary.sales_assumption;
  const window = summary.window;
  const observed = observedText(window, locale);
  const topTicks = scaleFor(Math.max(0, ...summary.top_sellers.map((t) => t.units_sold.range.high)));

  return (
    <div className="space-y-4">
      {summary.enough_data ? <ConfidenceLegend figureCase={units.case} /> : null}
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-slate-500">Units sold, last {window.days} days</dt>
          <dd>
            <SalesBand units={units} locale={locale} unit="units" testId="units-sold" />
            <Basis testId="units-sold-basis">Measured {observed}.</Basis>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Daily sales</dt>
          <dd>
            {daily.case === "not_enough_data" && summary.enough_data ? (
              <p className="text-sm text-slate-600" data-testid="daily-sales">
                No daily rate yet: it needs at least half a day between snapshots, and these are {observed}.
              </p>
            ) : (
              <>
                <SalesBand units={daily} locale={locale} unit="a day" testId="daily-sales" />
                {summary.enough_data ? <Basis>Units sold divided by the {formatDays(window.observed_days, locale)} observed.</Basis> : null}
              </>
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Total inventory</dt>
          <dd>
            <span className="text-lg font-semibold">
              {summary.total_inventory_basis === "observed" ? formatCount(summary.total_inventory, locale) : "Hidden"}
            </span>
            <Basis>
              {summary.total_inventory_basis === "observed"
                ? "Units in stock at the latest snapshot, as the store shows them."
                : "This store hides its stock quantities."}
            </Basis>
          </dd>
        </div>
      </dl>
      {summary.enough_data ? (
        <div className="text-sm" data-testid="sales-value">
          <h3 className="font-medium text-slate-700">Sales in money, last {window.days} days</h3>
          <p className="text-slate-900">
            <SalesValueText value={summary.sales_value_30d} locale={locale} />
          </p>
          <Basis>
            {summary.sales_value_30d.method}
            {summary.sales_value_30d.unpriced_products > 0
              ? `. Left out: ${formatCount(summary.sales_value_30d.unpriced_products, locale)} products whose prices no kept snapshot gives.`
              : ""}
          </Basis>
        </div>
      ) : null}
      {assumption && summary.enough_data ? (
        <p className="text-xs text-slate-600" data-testid="sales-assumption">
          Estimated, not observed: assumes {formatCount(assumption.typical, locale)} units per sale day (range{" "}
          {formatCount(assumption.low, locale)}–{formatCount(assumption.high, locale)}),{" "}
          {assumption.calibrated_on
            ? `calibrated on ${formatCount(assumption.calibrated_on.products, locale)} products of ${formatCount(assumption.calibrated_on.stores, locale)} stores that show quantities.`
            : "a default: no store showing quantities to calibrate on yet."}
        </p>
      ) : null}
      {summary.top_sellers.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Top sellers, last {window.days} days</h3>
          <Basis>Units sold per product, {observed}, all on the scale below.</Basis>
          <ScaleAxis ticks={topTicks} unit="units" locale={locale} />
          <ul className="mt-1 space-y-2 text-sm" data-testid="top-sellers">
            {summary.top_sellers.map((t) => (
              <li key={t.product_id} className="min-w-0">
                <span className="block truncate text-slate-700">{t.title ?? `Product ${t.product_id}`}</span>
                <SalesBand units={t.units_sold} ticks={topTicks} locale={locale} unit="units" showAxis={false} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.best_sellers_measured.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Best sellers by measured units</h3>
          <Basis>Units the snapshots show for sure (the low end of each range), {observed}.</Basis>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700" data-testid="best-sellers-measured">
            {summary.best_sellers_measured.map((b) => (
              <li key={b.product_id} className="min-w-0 break-words">
                {b.title ?? `Product ${b.product_id}`}: {formatCount(b.measured_units, locale)} units ·{" "}
                <SalesValueText value={b.sales_value} locale={locale} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <InventoryChart summary={summary} />
      {summary.recent_restocks.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Recent restocks</h3>
          <ul className="mt-1 text-sm text-slate-600">
            {summary.recent_restocks.map((r) => (
              <li key={`${r.variant_id}-${r.occurred_at}`}>
                {r.title ?? `Product ${r.product_id}`}: {r.units === null ? "back in stock" : `+${formatCount(r.units, locale)}`} ·{" "}
                {formatDate(r.occurred_at)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
