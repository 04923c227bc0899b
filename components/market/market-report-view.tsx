import Link from "next/link";
import { BarChart } from "@/components/reports/bar-chart";
import { formatCount, formatDate, plural } from "@/components/ui/format";
import type { MarketReport } from "@/lib/market/schemas";

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className={card}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/** The weeks as a table: one row a week, its adoptions and drops; the figures are the chart. */
function WeeksTable({ weeks, adopted, dropped }: { weeks: MarketReport["weeks"]; adopted: string; dropped: string }) {
  const peak = Math.max(1, ...weeks.flatMap((week) => [week.installed, week.removed]));
  const bar = (value: number, color: string) => (
    <span className="flex items-center gap-2">
      <span className="w-6 text-right tabular-nums">{formatCount(value)}</span>
      <span className={`inline-block h-2 rounded ${color}`} style={{ width: `${(value / peak) * 100}%`, maxWidth: "8rem" }} />
    </span>
  );

  return (
    <table className="w-full table-fixed text-sm" data-testid="market-weeks">
      <caption className="mb-2 text-left text-sm font-medium text-slate-700">By week (Monday, UTC)</caption>
      <thead className="text-xs text-slate-600">
        <tr>
          <th scope="col" className="py-1 text-left font-medium">
            Week of
          </th>
          <th scope="col" className="py-1 text-left font-medium">
            {adopted}
          </th>
          <th scope="col" className="py-1 text-left font-medium">
            {dropped}
          </th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.week}>
            <th scope="row" className="py-1 text-left text-xs font-normal text-slate-600">
              {formatDate(week.week)}
            </th>
            <td className="py-1">{bar(week.installed, "bg-emerald-500")}</td>
            <td className="py-1">{bar(week.removed, "bg-red-500")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An app's or a theme's market as a page reads it: the headline figures, adoptions and drops by
 * week, what its stores run with it, where they are and (an app) their themes, each linking to the
 * directory segment it counts.
 */
export function MarketReportView({
  name,
  report,
  segment,
  words,
}: {
  name: string;
  report: Omit<MarketReport, "recent_stores">;
  /** The directory's address of its stores, to which a co-install or a country adds itself. */
  segment: string;
  words: { adopted: string; dropped: string; withIt: string };
}) {
  const join = (extra: string) => `${segment}&${extra}`;

  return (
    <section className="space-y-4" aria-labelledby="market-heading" data-testid="market-report">
      <h2 id="market-heading" className="text-lg font-semibold">
        Market
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Stores running it now" value={formatCount(report.stores_now)} />
        <Figure label={`${words.adopted}, last 12 weeks`} value={formatCount(report.installed_recently)} />
        <Figure label={`${words.dropped}, last 12 weeks`} value={formatCount(report.removed_recently)} />
        <Figure
          label="Share"
          value={percent(report.share.share)}
          detail={`of the ${plural(report.share.stores, "store")} ${report.share.of.replace(/^stores /, "")}`}
        />
      </dl>
      <div className={card}>
        <WeeksTable weeks={report.weeks} adopted={words.adopted} dropped={words.dropped} />
        <p className="mt-2 text-xs text-slate-600">
          Counted when an analysis of a store saw the change against its previous analysis, so a week shows what was analyzed in it.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={card}>
          <h3 className="text-sm font-semibold">{words.withIt}</h3>
          {report.co_installs.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No other app is seen on its stores yet.</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm">
              {report.co_installs.map((app) => (
                <li key={app.slug} className="flex flex-wrap justify-between gap-2">
                  <Link href={`/apps/${app.slug}`} className="text-indigo-700 underline">
                    {app.name}
                  </Link>
                  <Link href={join(`app=${app.slug}`)} className="text-slate-600 hover:underline">
                    {plural(app.stores, "store")} · {percent(app.share)}
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className={card}>
          {report.countries.length === 0 ? (
            <p className="text-sm text-slate-600">None of its stores names its country.</p>
          ) : (
            <BarChart
              title="Countries of its stores"
              labelHeading="Country"
              valueHeading="Stores"
              bars={report.countries.map((country) => ({ label: country.label, value: country.stores }))}
            />
          )}
        </div>
        {report.themes.length > 0 ? (
          <div className={card}>
            <h3 className="text-sm font-semibold">Themes of its stores</h3>
            <ol className="mt-2 space-y-1 text-sm">
              {report.themes.map((theme) => (
                <li key={theme.value} className="flex flex-wrap justify-between gap-2">
                  <Link href={`/themes/${theme.value}`} className="text-indigo-700 underline">
                    {theme.label}
                  </Link>
                  <span className="text-slate-600">
                    {plural(theme.stores, "store")} · {percent(theme.share)}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
      <p className="text-sm">
        <Link href={segment} className="text-indigo-700 underline">
          Every store running {name} in the directory
        </Link>{" "}
        (filter it further there, or see it as a table).
      </p>
    </section>
  );
}
