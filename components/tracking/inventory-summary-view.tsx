import { formatCount, formatDate, formatDays, plural } from "@/components/ui/format";
import { DayOne, fillsInText } from "./day-one";
import { Basis } from "./detail-parts";
import type { InventorySummary } from "./detail-types";
import { InventoryChart } from "./inventory-chart";
import { SalesValueText } from "./sales-value-text";
import { ConfidenceLegend, SalesBand, unitsLabel } from "./sales-band";

type Window = InventorySummary["window"];

/** "from 4 snapshots over 3 days (10 Apr – 13 Apr)": what a sales figure is measured between. */
export function observedText(window: Window, locale: string): string {
  if (!window.observed_from || !window.observed_to || window.snapshots < 2)
    return `from ${window.snapshots} snapshot${window.snapshots === 1 ? "" : "s"}: sales need two`;
  const span = window.observed_days * 24 < 1 ? "under an hour" : formatDays(window.observed_days, locale);

  return `from ${formatCount(window.snapshots, locale)} snapshots over ${span} (${formatDate(window.observed_from)} – ${formatDate(window.observed_to)})`;
}

/** Before the figures: the snapshots so far, with their times (on day one they are hours apart). */
export function soFarText(window: Window, locale: string): string {
  if (window.snapshots === 0 || !window.observed_from || !window.observed_to) return "No snapshot yet.";
  if (window.snapshots === 1) return `So far: 1 snapshot (${formatDate(window.observed_to, true)}).`;
  const span = window.observed_days * 24 < 1 ? "under an hour" : formatDays(window.observed_days, locale);

  return `So far: ${plural(window.snapshots, "snapshot")} over ${span} (${formatDate(window.observed_from, true)} – ${formatDate(window.observed_to, true)}).`;
}

/** Units sold, daily sales, stock, sales in money, restocks and the daily chart, each saying what it is measured over or when it fills in. */
export function InventorySummaryView({ summary, locale }: { summary: InventorySummary; locale: string }) {
  const units = summary.units_sold_30d;
  const daily = summary.estimated_daily_sales;
  const assumption = summary.sales_assumption;
  const window = summary.window;
  const observed = observedText(window, locale);
  const enough = summary.enough_data;

  return (
    <div className="space-y-4">
      {enough ? <ConfidenceLegend figureCase={units.case} /> : null}
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-slate-500">Units sold, last {window.days} days</dt>
          <dd>
            <SalesBand units={units} locale={locale} testId="units-sold" pending={fillsInText("units sold appear", summary)} />
            <Basis testId="units-sold-basis">{enough ? `Measured ${observed}.` : soFarText(window, locale)}</Basis>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Daily sales</dt>
          <dd>
            {daily.case === "not_enough_data" && enough ? (
              <p className="text-sm text-slate-600" data-testid="daily-sales">
                No daily rate yet: it needs at least half a day between snapshots, and these are {observed}.
              </p>
            ) : (
              <>
                <SalesBand
                  units={daily}
                  locale={locale}
                  perDay
                  testId="daily-sales"
                  pending={fillsInText("sales velocity (units a day) appears", summary)}
                />
                {enough ? <Basis>Units sold divided by the {formatDays(window.observed_days, locale)} observed.</Basis> : null}
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
      <div className="text-sm" data-testid="sales-value">
        <h3 className="font-medium text-slate-700">Sales in money, last {window.days} days</h3>
        {enough ? (
          <>
            <p className="text-slate-900">
              <SalesValueText value={summary.sales_value_30d} locale={locale} />
            </p>
            <Basis>
              {summary.sales_value_30d.method}
              {summary.sales_value_30d.unpriced_products > 0
                ? `. Left out: ${formatCount(summary.sales_value_30d.unpriced_products, locale)} products whose prices no kept snapshot gives.`
                : ""}
            </Basis>
          </>
        ) : (
          <p className="text-slate-600">Not enough data yet: {fillsInText("sales in money appear with units sold", summary)}</p>
        )}
      </div>
      {assumption && enough ? (
        <p className="text-xs text-slate-600" data-testid="sales-assumption">
          Estimated, not observed: assumes {formatCount(assumption.typical, locale)} units per sale day (range{" "}
          {formatCount(assumption.low, locale)}–{formatCount(assumption.high, locale)}),{" "}
          {assumption.calibrated_on
            ? `calibrated on ${formatCount(assumption.calibrated_on.products, locale)} products of ${formatCount(assumption.calibrated_on.stores, locale)} stores that show quantities.`
            : "a default: no store showing quantities to calibrate on yet."}
        </p>
      ) : null}
      {summary.best_sellers_measured.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Best sellers by measured units</h3>
          <Basis>Units the snapshots show for sure (the low end of each range), {observed}.</Basis>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700" data-testid="best-sellers-measured">
            {summary.best_sellers_measured.map((b) => (
              <li key={b.product_id} className="min-w-0 break-words">
                {b.title ?? `Product ${b.product_id}`}: {formatCount(b.measured_units, locale)} {unitsLabel(b.measured_units)} ·{" "}
                <SalesValueText value={b.sales_value} locale={locale} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {enough ? (
        <InventoryChart summary={summary} />
      ) : (
        <DayOne testId="inventory-chart-day-one">
          {fillsInText(`The chart of sales and restocks per day, last ${window.days} days, appears`, summary)}
        </DayOne>
      )}
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
