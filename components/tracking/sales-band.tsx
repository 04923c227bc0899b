import type { InventorySummary } from "./detail-types";

type Units = InventorySummary["units_sold_30d"];

const CASE_LABELS: Record<Units["case"], string> = {
  observed: "observed from quantity changes",
  observed_with_hidden_sales: "observed; restocks may hide some sales, so the range is wider",
  estimated_from_signals: "estimated from sale days (store hides quantities)",
  not_enough_data: "not enough data yet",
};

const show = (n: number) => (Number.isInteger(n) ? `${n}` : n.toFixed(1));

/** A figure as what it is: a band from low to high with the best guess marked, and how it was made. */
export function SalesBand({ units, scale, unit = "", testId }: { units: Pick<Units, "value" | "range" | "basis" | "case" | "confidence">; scale: number; unit?: string; testId?: string }) {
  if (units.case === "not_enough_data") {
    return (
      <p className="text-sm text-slate-600" data-testid={testId}>
        Not enough data yet: sales are measured between two snapshots ({units.basis}).
      </p>
    );
  }
  const at = (n: number) => `${Math.min(100, (n / Math.max(scale, 1)) * 100)}%`;
  const { low, high } = units.range;
  const text = low === high ? show(low) : `${show(low)}–${show(high)}`;

  return (
    <div data-testid={testId}>
      <p className="text-lg font-semibold">
        {text}
        {unit}
        {units.value !== null && low !== high ? <span className="text-sm font-normal text-slate-700"> (best guess {show(units.value)})</span> : null}{" "}
        <span className="text-xs font-normal text-slate-600">
          ({units.basis}, {units.confidence} confidence: {CASE_LABELS[units.case]})
        </span>
      </p>
      <div className="relative mt-1 h-2 w-full rounded bg-slate-100" role="img" aria-label={`between ${show(low)} and ${show(high)}${units.value !== null ? `, best guess ${show(units.value)}` : ""}`}>
        <div className="absolute h-2 rounded bg-indigo-300" style={{ left: at(low), width: `max(2px, calc(${at(high)} - ${at(low)}))` }} />
        {units.value !== null ? <div className="absolute -top-0.5 h-3 w-0.5 bg-indigo-800" style={{ left: at(units.value) }} /> : null}
      </div>
    </div>
  );
}
