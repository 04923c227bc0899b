"use client";

import { useStoreAlertSettings, useUpdateStoreAlertSettings } from "@/components/api/use-alerts";
import { Card } from "@/components/ui/card";
import { alertKindSchema, type AlertKind, type StoreAlertSettings } from "@/lib/alerts/schemas";
import { describeRefusal } from "@/lib/forms/refusal";

const KIND_LABEL: Record<AlertKind, string> = {
  app_installed: "App installed",
  app_removed: "App removed",
  theme_changed: "Theme changed",
  product_added: "New products",
  price_changed: "Price changes",
  sold_out: "Sold out",
  back_in_stock: "Back in stock",
  store_unreachable: "Store unreachable",
  store_blocking: "Store blocking us",
};
const EMAIL_LABEL = { off: "No e-mail", instant: "E-mail at once", daily: "Daily e-mail digest" } as const;
const BUTTON = "rounded-md px-3 py-2 text-sm font-medium ring-1 disabled:opacity-60";

/** A tracked store's alerts: which events, where, and the one-click mute. Nothing for a store the user does not track. */
export function StoreAlertsCard({ slug }: { slug: string }) {
  const settings = useStoreAlertSettings(slug);
  const update = useUpdateStoreAlertSettings(slug);
  if (!settings.data) return null;
  const current = settings.data;
  const save = (change: Partial<Omit<StoreAlertSettings, "store" | "is_default">>) => update.mutate(change);
  const toggleKind = (kind: AlertKind) =>
    save({ kinds: current.kinds.includes(kind) ? current.kinds.filter((k) => k !== kind) : [...current.kinds, kind] });

  return (
    <div className="mt-8">
      <Card title="Alerts">
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" data-testid="store-alerts-state">
            {current.muted ? "Muted: nothing is raised for this store." : "You are told about the events ticked below."}
          </p>
          <button
            type="button"
            onClick={() => save({ muted: !current.muted })}
            disabled={update.isPending}
            className={`${BUTTON} ${current.muted ? "bg-indigo-600 text-white ring-indigo-600" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {current.muted ? "Unmute" : "Mute"}
          </button>
        </div>
        <fieldset className="mt-4" disabled={update.isPending}>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {alertKindSchema.options.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={current.kinds.includes(kind)} onChange={() => toggleKind(kind)} />
                {KIND_LABEL[kind]}
              </label>
            ))}
          </div>
          <label className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            Price changes of at least
            <input
              type="number"
              min={1}
              max={100}
              defaultValue={current.price_threshold_percent}
              key={current.price_threshold_percent}
              onBlur={(event) => {
                const value = Number(event.target.value);
                if (Number.isInteger(value) && value >= 1 && value <= 100 && value !== current.price_threshold_percent) {
                  save({ price_threshold_percent: value });
                }
              }}
              className="w-20 rounded-md px-2 py-1 ring-1 ring-slate-300"
            />
            %
          </label>
        </fieldset>
        <fieldset className="mt-4" disabled={update.isPending}>
          <legend className="text-sm font-medium text-slate-800">Where</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={current.feed} onChange={() => save({ feed: !current.feed })} />
              In the dashboard
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={current.webhook} onChange={() => save({ webhook: !current.webhook })} />
              By webhook
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <span className="sr-only">E-mail</span>
              <select
                value={current.email}
                onChange={(event) => save({ email: event.target.value as StoreAlertSettings["email"] })}
                className="rounded-md px-2 py-1 ring-1 ring-slate-300"
              >
                {Object.entries(EMAIL_LABEL).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
        {update.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {describeRefusal(update.error).message}
          </p>
        ) : null}
      </Card>
    </div>
  );
}
