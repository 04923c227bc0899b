import type { ReactNode } from "react";
import { formatDecimal, nounFor } from "@/components/ui/format";
import type { InventorySummary } from "./detail-types";

type Figure = Pick<InventorySummary["units_sold_30d"], "value" | "range" | "basis" | "case" | "confidence">;

/** A scale from 0 to a round number at or above `high`, with its ticks (0, half, top). */
export function scaleFor(high: number): number[] {
  const target = Math.max(1, high);
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const top = [1, 2, 5, 10].map((step) => step * magnitude).find((candidate) => candidate >= target)!;

  return [0, top / 2, top];
}

const at = (n: number, top: number) => `${Math.min(100, (n / top) * 100)}%`;

/** "1 unit", "0 units", "2.5 units a day": the noun agreed with the figure it follows. */
export const unitsLabel = (count: number, perDay = false) => `${nounFor(count, "unit")}${perDay ? " a day" : ""}`;

/** The labelled axis under one or more bands: the numbers the bars are drawn against. */
export function ScaleAxis({ ticks, perDay = false, locale }: { ticks: number[]; perDay?: boolean; locale: string }) {
  const top = ticks.at(-1)!;

  return (
    <div className="relative mt-1 h-4 text-[11px] text-slate-500" aria-hidden="true">
      {ticks.map((tick, i) => (
        <span
          key={tick}
          className="absolute top-0 whitespace-nowrap border-l border-slate-300 pl-0.5"
          style={
            i === ticks.length - 1
              ? { right: 0, borderLeft: "none", borderRight: "1px solid rgb(203 213 225)", paddingRight: 2 }
              : { left: at(tick, top) }
          }
        >
          {formatDecimal(tick, locale)}
          {i === ticks.length - 1 ? ` ${unitsLabel(tick, perDay)}` : ""}
        </span>
      ))}
    </div>
  );
}

/**
 * A figure as what it is: a band from low to high with the best guess marked, drawn on a
 * labelled scale (`ticks`, else one made for `scale`). Its confidence is one word here;
 * ConfidenceLegend says once what the words mean. Before there is enough data it shows
 * `pending` instead (when the figure fills in): no band, no scale, no confidence.
 */
export function SalesBand({
  units: figure,
  scale,
  ticks: given,
  perDay = false,
  locale = "en-US",
  showAxis = true,
  pending,
  testId,
}: {
  units: Figure;
  /** The highest number the scale must reach (used when `ticks` is not given). */
  scale?: number;
  ticks?: number[];
  /** A rate (units a day), not a count. */
  perDay?: boolean;
  locale?: string;
  showAxis?: boolean;
  /** What to say before there is a figure: when it fills in. */
  pending?: ReactNode;
  testId?: string;
}) {
  if (figure.case === "not_enough_data" || figure.value === null) {
    return (
      <p className="text-sm text-slate-600" data-testid={testId}>
        Not enough data yet: {pending ?? "sales are measured between two snapshots."}
      </p>
    );
  }
  const ticks = given ?? scaleFor(scale ?? figure.range.high);
  const { low, high } = figure.range;
  const label = unitsLabel(low === high ? low : high, perDay);
  const top = ticks.at(-1)!;
  const show = (n: number) => formatDecimal(n, locale);
  const text = low === high ? show(low) : `${show(low)}–${show(high)}`;

  return (
    <div data-testid={testId} className="min-w-0">
      <p>
        <span className="text-lg font-semibold">
          {text} {label}
        </span>
        {low !== high ? <span className="text-sm text-slate-700"> · best guess {show(figure.value)}</span> : null}{" "}
        {figure.confidence ? (
          <span className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
            {figure.confidence} confidence
          </span>
        ) : null}
      </p>
      <div
        className="relative mt-1 h-2 w-full rounded bg-slate-100"
        role="img"
        aria-label={`between ${show(low)} and ${show(high)} ${label}, best guess ${show(figure.value)}, on a scale of 0 to ${show(top)}`}
      >
        <div
          className="absolute h-2 rounded bg-indigo-300"
          style={{ left: at(low, top), width: `max(2px, calc(${at(high, top)} - ${at(low, top)}))` }}
        />
        <div className="absolute -top-0.5 h-3 w-0.5 bg-indigo-800" style={{ left: at(figure.value, top) }} />
      </div>
      {showAxis ? <ScaleAxis ticks={ticks} perDay={perDay} locale={locale} /> : null}
    </div>
  );
}

const CASE_LABELS: Record<Figure["case"], string> = {
  observed: "Counted from the drops in the stock quantities the store shows.",
  observed_with_hidden_sales:
    "Counted from the drops in the stock quantities the store shows; a restock between two snapshots may hide sales, so the high end allows for them.",
  estimated_from_signals:
    "Estimated: this store hides its quantities, so sales are inferred from the days each product's listing moved or a variant sold out, times an assumed number of units per sale day.",
  not_enough_data: "Not enough data yet: sales are measured between snapshots spanning most of a day.",
};

/** What the confidence words and the bands mean, said once for every figure of the section. */
export function ConfidenceLegend({ figureCase }: { figureCase: Figure["case"] }) {
  return (
    <details className="rounded-lg bg-slate-50 p-3 text-xs text-slate-700" data-testid="confidence-legend" open>
      <summary className="cursor-pointer font-medium text-slate-800">How to read these figures</summary>
      <p className="mt-2">{CASE_LABELS[figureCase]}</p>
      <p className="mt-1">
        Each bar runs from the lowest to the highest number the data allows; the dark mark is the best guess, and the numbers under it are
        the scale.
      </p>
      <dl className="mt-1 grid gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">high confidence</dt>
        <dd>quantities seen over the whole window, and the range is within 10% of its low end.</dd>
        <dt className="font-medium">medium confidence</dt>
        <dd>quantities seen, but over part of the window or with restocks that may hide sales.</dd>
        <dt className="font-medium">low confidence</dt>
        <dd>quantities hidden: an estimate resting on the stated assumption.</dd>
      </dl>
    </details>
  );
}
