"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "@/components/ui/format";
import type { InventorySummary } from "./detail-types";

/**
 * Daily sales and restocks of the last 30 days (bars) with the visible stock (line, when the
 * store shows quantities). The figure's caption says in words what the bars show.
 */
export function InventoryChart({ summary }: { summary: InventorySummary }) {
  const observed = summary.basis === "observed";
  const data = summary.daily.map((day) => ({
    day: formatDate(day.day),
    sold: observed ? day.units_sold : day.sale_events,
    restocks: day.restock_events,
    inventory: day.inventory,
  }));
  const soldLabel = observed ? "Units sold" : "Sell-outs (estimated)";

  return (
    <figure aria-labelledby="inventory-chart-caption" data-testid="inventory-chart" className="space-y-2">
      <figcaption id="inventory-chart-caption" className="text-sm text-slate-600">
        {soldLabel} and restock events per day, last {summary.window.days} days
        {observed ? ", with total visible stock" : "; this store hides quantities, so sales are estimated from sell-outs"}.
      </figcaption>
      <div className="h-64 w-full" role="img" aria-label={`${soldLabel} per day: ${data.map((d) => `${d.day} ${d.sold}`).join(", ")}`}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="day" fontSize={11} interval="preserveStartEnd" />
            <YAxis yAxisId="left" fontSize={11} allowDecimals={false} />
            {observed ? <YAxis yAxisId="right" orientation="right" fontSize={11} allowDecimals={false} /> : null}
            <Tooltip />
            <Legend />
            <Bar yAxisId="left" dataKey="sold" name={soldLabel} fill="#4f46e5" />
            <Bar yAxisId="left" dataKey="restocks" name="Restock events" fill="#10b981" />
            {observed ? <Line yAxisId="right" dataKey="inventory" name="Total stock" stroke="#f59e0b" dot={false} connectNulls /> : null}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
