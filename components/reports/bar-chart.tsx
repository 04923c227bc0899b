import { formatCount } from "@/components/ui/format";

export type Bar = { label: string; value: number };

/**
 * A horizontal bar chart drawn as a table: each row's label, a bar as long as its share of the
 * largest value, and the value in figures. Screen readers and copy-paste get the table, eyes the
 * bars; no script, and long labels wrap instead of widening the page. The report page and the
 * public store page draw every chart with it.
 */
export function BarChart({
  title,
  bars,
  labelHeading,
  valueHeading,
}: {
  title: string;
  bars: Bar[];
  labelHeading: string;
  valueHeading: string;
}) {
  const peak = Math.max(1, ...bars.map((bar) => bar.value));

  return (
    <table className="w-full table-fixed text-sm">
      <caption className="mb-2 text-left text-sm font-medium text-slate-700">{title}</caption>
      <colgroup>
        <col className="w-2/5" />
        <col />
      </colgroup>
      <thead className="sr-only">
        <tr>
          <th scope="col">{labelHeading}</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row" className="break-words py-1 pr-3 text-left align-middle text-xs font-normal text-slate-600">
              {bar.label}
            </th>
            <td className="py-1 align-middle">
              <div className="flex items-center gap-2">
                {bar.value > 0 ? (
                  <span
                    aria-hidden="true"
                    className="block h-3 shrink rounded-sm bg-indigo-500"
                    style={{ width: `${Math.max(1, (bar.value / peak) * 85)}%` }}
                  />
                ) : null}
                <span className="shrink-0 text-xs tabular-nums text-slate-700">{formatCount(bar.value)}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
