import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import type { AppHistoryWeek } from "@/lib/history/schemas";

type Stores = AppHistoryWeek["installed"];

function StoreLinks({ stores }: { stores: Stores }) {
  return (
    <>
      {stores.map((store, i) => (
        <span key={`${store.slug}-${store.at}`}>
          {i > 0 ? ", " : ""}
          <Link href={`/stores/${store.slug}`} className="text-indigo-700 underline">
            {store.name}
          </Link>
        </span>
      ))}
    </>
  );
}

/** An app's installs and removals, by the week an analysis saw them. */
export function AppHistorySection({ appName, weeks }: { appName: string; weeks: AppHistoryWeek[] }) {
  return (
    <section id="history" data-testid="app-history">
      <h2 className="text-lg font-semibold">Installs and removals by week</h2>
      {weeks.length === 0 ? (
        <p className="mt-2 text-slate-600">No analysis has yet seen a store install or remove {appName}.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {weeks.map((week) => (
            <li key={week.week} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <p className="font-medium">Week of {formatDate(week.week)}</p>
              {week.installed.length > 0 ? (
                <p className="mt-1 break-words">
                  <span className="text-emerald-700">Installed ({week.installed.length}):</span> <StoreLinks stores={week.installed} />
                </p>
              ) : null}
              {week.removed.length > 0 ? (
                <p className="mt-1 break-words">
                  <span className="text-red-700">Removed ({week.removed.length}):</span> <StoreLinks stores={week.removed} />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
