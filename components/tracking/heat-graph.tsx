"use client";

import { cloneElement, useEffect, useRef } from "react";
import { ActivityCalendar, type Activity } from "react-activity-calendar";
import { formatCount, formatDate } from "@/components/ui/format";
import { changeTypesText } from "./compare-view";
import { nextSnapshotText } from "./day-one";
import type { Analytics } from "./detail-types";

const LEVELS = 4;
type Cell = Analytics["heat_graph"]["cells"][number];

const DETAIL_LABELS: Record<keyof Cell["details"], [string, string]> = {
  product_fields_changed: ["product field edit", "product field edits"],
  variant_added: ["variant added", "variants added"],
  variant_removed: ["variant removed", "variants removed"],
  price_changed: ["price change", "price changes"],
  availability_changed: ["stock flag flip", "stock flag flips"],
  sale: ["sale", "sales"],
  restock: ["restock", "restocks"],
};

/** One day in words: its changes by type, then what moved inside them (never counted). */
export function describeDay(cell: Cell, locale: string): string {
  const details = Object.entries(cell.details)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([type, n]) => `${formatCount(n, locale)} ${DETAIL_LABELS[type as keyof Cell["details"]][n === 1 ? 0 : 1]}`);
  const changes = `${formatCount(cell.total, locale)} change${cell.total === 1 ? "" : "s"}`;
  const types = changeTypesText(cell.counts, locale);
  const snapshots = cell.snapshots === 0 ? "no snapshot" : `${cell.snapshots} snapshot${cell.snapshots === 1 ? "" : "s"}`;

  return `${formatDate(cell.day)}: ${changes}${types ? ` (${types})` : ""}${details.length ? `; also ${details.join(", ")}` : ""}; ${snapshots}`;
}

/**
 * The 365-day change heat graph as a GitHub-style calendar. Every day carries a text label
 * (title and aria-label) with its counts, so color is never the only carrier; a day picked
 * (click, or the busiest days' buttons) is shown in Compare. Until the store has data from
 * before the last four weeks (graph.compact_from) it draws only those, and says the rest fills in.
 */
export function HeatGraph({
  graph,
  locale,
  onPickDay,
  nextSnapshotAt,
}: {
  graph: Analytics["heat_graph"];
  locale: string;
  onPickDay: (day: string) => void;
  /** When the next snapshot comes (undefined while not known). */
  nextSnapshotAt?: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  // On a narrow screen the calendar scrolls inside its own container: open it on the latest weeks.
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>(".react-activity-calendar__scroll-container");
    // A compact graph (day one) fits its box: nothing to scroll, so no scrolling region either.
    if (!scroller || graph.compact_from) return;
    scroller.scrollLeft = scroller.scrollWidth;
    // A region that scrolls must be reachable by keyboard too (arrow keys scroll it once focused).
    scroller.tabIndex = 0;
    scroller.setAttribute("role", "region");
    scroller.setAttribute("aria-label", "Heat graph, scrolls sideways");
  }, [graph]);
  const compactFrom = graph.compact_from;
  const cells = compactFrom ? graph.cells.filter((cell) => cell.day >= compactFrom) : graph.cells;
  const max = Math.max(1, graph.max_total);
  const data: Activity[] = cells.map((cell) => ({
    date: cell.day,
    count: cell.total,
    level: cell.total === 0 ? 0 : Math.max(1, Math.ceil((cell.total / max) * LEVELS)),
  }));
  const byDay = new Map(graph.cells.map((cell) => [cell.day, cell]));
  const busiest = [...cells]
    .filter((c) => c.total > 0)
    .sort((a, b) => b.total - a.total || b.day.localeCompare(a.day))
    .slice(0, 5);
  const total = Object.values(graph.totals).reduce((sum, n) => sum + n, 0);

  return (
    <figure aria-labelledby="heat-graph-caption" data-testid="heat-graph" className="min-w-0 space-y-3">
      <figcaption id="heat-graph-caption" className="text-sm text-slate-600">
        {compactFrom ? (
          <>
            {formatCount(total, locale)} change{total === 1 ? "" : "s"} since{" "}
            {graph.first_day_with_data ? `tracking began (${formatDate(graph.first_day_with_data)})` : "tracking began"}.
            <span className="mt-1 block text-slate-700" data-testid="heat-graph-fills-in">
              Changes fill in here day by day, each daily snapshot compared with the one before
              {nextSnapshotAt === undefined ? "" : ` — ${nextSnapshotText(nextSnapshotAt)}`}. The graph shows the last {cells.length} days
              until the store has been tracked longer, then the full {graph.days}.
            </span>
          </>
        ) : (
          <>
            {formatCount(total, locale)} changes in the last {graph.days} days ({formatDate(graph.from)} to {formatDate(graph.to)}).
          </>
        )}
        <span className="mt-1 block text-xs text-slate-500">
          A change is a product, collection or page added, removed or changed between two snapshots; a product counts once however many of
          its variants, prices or stock flags moved. Sales and restocks are not changes (see Inventory). Pick a day to compare it with the
          snapshot before.
        </span>
      </figcaption>
      <div ref={box} className="min-w-0" data-latest-day={graph.latest_day_with_data ?? ""}>
        <ActivityCalendar
          data={data}
          maxLevel={LEVELS}
          blockSize={11}
          blockMargin={3}
          fontSize={12}
          labels={{
            totalCount: compactFrom ? `{{count}} changes in the last ${cells.length} days` : "{{count}} changes in the last year",
            legend: { less: "Fewer", more: "More changes" },
          }}
          theme={{ light: ["#f1f5f9", "#c7d2fe", "#818cf8", "#4f46e5", "#312e81"] }}
          colorScheme="light"
          renderBlock={(block, activity) => {
            const cell = byDay.get(activity.date);
            const label = cell ? describeDay(cell, locale) : `${formatDate(activity.date)}: no data`;

            return cloneElement(block, {
              "aria-label": label,
              role: "img",
              style: { ...(block.props as { style?: object }).style, cursor: cell?.snapshots ? "pointer" : undefined },
              onClick: cell?.snapshots ? () => onPickDay(activity.date) : undefined,
              children: <title>{label}</title>,
            } as Record<string, unknown>);
          }}
        />
      </div>
      {busiest.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">Busiest days</summary>
          <ul className="mt-2 space-y-1 text-slate-600">
            {busiest.map((cell) => (
              <li key={cell.day} className="break-words">
                {describeDay(cell, locale)}{" "}
                <button type="button" className="text-indigo-700 underline" onClick={() => onPickDay(cell.day)}>
                  Compare this day
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </figure>
  );
}
