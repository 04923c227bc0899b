"use client";

import Link from "next/link";
import { useAlertFeed, useMarkAllAlertsRead } from "@/components/api/use-alerts";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { describeAlert } from "@/lib/alerts/describe-alert";
import type { AlertView } from "@/lib/alerts/schemas";
import { describeRefusal } from "@/lib/forms/refusal";

export function AlertFeed() {
  const feed = useAlertFeed();
  const markAll = useMarkAllAlertsRead();
  const unread = feed.data?.unread ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="unread-alerts">
          {unread === 1 ? "1 unread alert" : `${unread} unread alerts`}. What each tracked store alerts about is set on its page.
        </p>
        <button
          type="button"
          onClick={() => markAll.mutate()}
          disabled={markAll.isPending || unread === 0}
          className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
        >
          Mark all read
        </button>
      </div>
      <ListPanel
        title="Alerts"
        list={feed}
        failure={(error) => `Could not load your alerts. ${describeRefusal(error).message}`}
        empty="No alerts yet: they come from the daily checks of your tracked stores."
      >
        {(rows) => (
          <ul className="mt-3 divide-y divide-slate-100">
            {rows.map((alert) => (
              <AlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </ListPanel>
    </div>
  );
}

function AlertRow({ alert }: { alert: AlertView }) {
  return (
    <li data-testid="alert-row" className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-3">
      <span className="shrink-0 text-xs text-slate-500">{formatDate(alert.occurred_at, true)}</span>
      <span className="min-w-0 break-words text-sm text-slate-800">
        <Link href={`/dashboard/tracked-stores/${alert.store.slug}`} className="font-medium text-indigo-700 hover:underline">
          {alert.store.domain}
        </Link>
        : {describeAlert(alert)}
      </span>
      {alert.read ? null : <Badge tone="indigo">new</Badge>}
    </li>
  );
}
