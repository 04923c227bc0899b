"use client";

import { cloneElement, useEffect, useRef } from "react";
import { ActivityCalendar, type Activity } from "react-activity-calendar";
import { formatDate, plural } from "@/components/reports/format";
import type { Analytics } from "./detail-types";

const LEVELS = 4;

const describe = (cell: Analytics["heat_graph"]["cells"][number]) => {
  const parts = Object.entries(cell.counts).map(([type, n]) => `${n} ${type.replace(/_/g, " ")}`);

  return `${cell.day}: ${cell.total} change${cell.total === 1 ? "" : "s"}${parts.length ? ` (${parts.join(", ")})` : ""}`;
};

/**
 * The 365-day change heat graph as a GitHub-style calendar. Every day carries a text label
 * (title and aria-label) with its counts by type, so colour is never the only carrier.
 */
export function HeatGraph({ graph }: { graph: Analytics["heat_graph"] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // On a narrow screen the calendar scrolls: start at the most recent weeks.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [graph]);
  const max = Math.max(1, graph.max_total);
  const data: Activity[] = graph.cells.map((cell) => ({
    date: cell.day,
    count: cell.total,
    level: cell.total === 0 ? 0 : Math.max(1, Math.ceil((cell.total / max) * LEVELS)),
  }));
  const byDay = new Map(graph.cells.map((cell) => [cell.day, cell]));
  const busiest = [...graph.cells].filter((c) => c.total > 0).sort((a, b) => b.total - a.total).slice(0, 5);
  const total = graph.cells.reduce((sum, cell) => sum + cell.total, 0);

  return (
    <figure aria-labelledby="heat-graph-caption" data-testid="heat-graph" className="space-y-3">
      <figcaption id="heat-graph-caption" className="text-sm text-slate-600">
        {plural(total, "change")} in the last {graph.days} days ({formatDate(graph.from)} to {formatDate(graph.to)}).
      </figcaption>
      {/* This box scrolls, not the calendar's own (globals.css lifts its inline max-width), so it
          can take keyboard focus and a name, and start at the latest weeks. */}
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label="Heat graph (scrolls sideways)"
        className="heat-graph-scroll overflow-x-auto"
      >
        <ActivityCalendar
          data={data}
          maxLevel={LEVELS}
          blockSize={11}
          blockMargin={3}
          fontSize={12}
          labels={{ totalCount: "{{count}} changes in the last year", legend: { less: "Fewer", more: "More changes" } }}
          theme={{ light: ["#f1f5f9", "#c7d2fe", "#818cf8", "#4f46e5", "#312e81"] }}
          colorScheme="light"
          renderBlock={(block, activity) => {
            const cell = byDay.get(activity.date);
            const label = cell ? describe(cell) : `${activity.date}: no data`;

            return cloneElement(block, { "aria-label": label, role: "img", children: <title>{label}</title> } as Record<string, unknown>);
          }}
        />
      </div>
      {busiest.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">Busiest days</summary>
          <ul className="mt-2 list-disc pl-5 text-slate-600">
            {busiest.map((cell) => (
              <li key={cell.day}>{describe(cell)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </figure>
  );
}
