"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/client";
import { useCreateBatch } from "@/components/api/use-batches";
import { useCreateList, useDeleteList, useListChanges, useLists, useUpdateList } from "@/components/api/use-lists";
import { Badge } from "@/components/ui/badge";
import { DangerButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { formatCount, formatDate, plural } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { planName } from "@/lib/billing/admission/plan-ids";
import type { ListView } from "@/lib/lists/schemas";

const FIELD = "block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-indigo-500";

export function ListsPanel() {
  const lists = useLists();

  return (
    <div className="space-y-6">
      <SaveListCard plan={lists.data?.limits} />
      <ListPanel
        title="Your lists"
        list={lists}
        failure={(error) => `Could not load your lists: ${error.message}`}
        empty="No lists yet. Save a directory filter or a few stores above."
      >
        {(rows) => (
          <ul className="mt-3 divide-y divide-slate-100">
            {rows.map((list) => (
              <ListRow key={list.id} list={list} />
            ))}
          </ul>
        )}
      </ListPanel>
    </div>
  );
}

function SaveListCard({ plan }: { plan?: { plan: string; lists: number; stores_per_list: number; used: number } }) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"segment" | "stores">("segment");
  const [value, setValue] = useState("");
  const create = useCreateList(() => {
    setName("");
    setValue("");
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const stores = value
      .split(/[\s,]+/)
      .map((slug) => slug.trim())
      .filter(Boolean);
    create.mutate(kind === "segment" ? { name, segment: value, alerts: false } : { name, stores, alerts: false });
  };
  const error = create.isError ? create.error.message : undefined;

  return (
    <Card title="Save a list">
      <p className="mt-1 text-sm text-slate-600">
        A segment keeps a directory filter (copy it from the{" "}
        <Link href="/stores" className="text-indigo-700 underline">
          store directory
        </Link>
        &apos;s address, e.g. <code>app=klaviyo&amp;country=DE</code>) and follows it as stores are analyzed; a hand-picked list keeps the
        stores you name.
        {plan
          ? ` Your ${planName(plan.plan)} plan keeps ${plural(plan.lists, "list")} of up to ${formatCount(plan.stores_per_list)} stores (${formatCount(plan.used)} saved).`
          : ""}
      </p>
      <form onSubmit={onSubmit} aria-label="Save a list" className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="list-name" className="block text-sm font-medium text-slate-700">
            Name
          </label>
          <input id="list-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required className={FIELD} />
        </div>
        <div className="space-y-1">
          <label htmlFor="list-kind" className="block text-sm font-medium text-slate-700">
            Kind
          </label>
          <select id="list-kind" value={kind} onChange={(e) => setKind(e.target.value as "segment" | "stores")} className={FIELD}>
            <option value="segment">Segment (a directory filter)</option>
            <option value="stores">Hand-picked stores</option>
          </select>
        </div>
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor="list-value" className="block text-sm font-medium text-slate-700">
            {kind === "segment" ? "Directory filter" : "Store slugs (comma or space separated)"}
          </label>
          <input
            id="list-value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={2000}
            required
            placeholder={kind === "segment" ? "app=klaviyo&country=DE" : "allbirds-com, gymshark-com"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "list-error" : undefined}
            className={FIELD}
          />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton pending={create.isPending}>{create.isPending ? "Saving…" : "Save list"}</SubmitButton>
        </div>
      </form>
      {error ? <FieldError id="list-error" message={error} className="mt-2" /> : null}
      {create.error instanceof ApiRequestError && create.error.status === 402 ? (
        <p className="mt-2 text-sm">
          <Link href="/dashboard/billing" className="font-medium text-indigo-700 underline">
            See plans and upgrade
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

function ListRow({ list }: { list: ListView }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateList(list.id);
  const remove = useDeleteList(list.id);
  const router = useRouter();
  const analyze = useCreateBatch(() => router.push("/dashboard/batches"));
  // The switch shows the choice at once (a checkbox React controls would snap back until the
  // answer came); a refused change shows the list's own value again.
  const [alertsChoice, setAlertsChoice] = useState<boolean | null>(null);
  const changesId = `list-changes-${list.id}`;

  return (
    <li data-testid="list-row" className="space-y-2 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">
            {list.name}{" "}
            <Badge tone={list.kind === "segment" ? "indigo" : "slate"}>{list.kind === "segment" ? "Segment" : "Hand-picked"}</Badge>
          </p>
          <p className="text-xs text-slate-500">
            {plural(list.store_count, "store")}
            {list.segment_query !== null ? (
              <>
                {" · "}
                <Link href={`/stores?${list.segment_query}`} className="break-all text-indigo-700 underline">
                  {list.segment_query || "every store"}
                </Link>
              </>
            ) : null}
            {` · last visit ${formatDate(list.seen_at, true)}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              aria-label={`Alerts for ${list.name}`}
              checked={update.isError ? list.alerts : (alertsChoice ?? list.alerts)}
              disabled={update.isPending}
              onChange={(e) => {
                setAlertsChoice(e.target.checked);
                update.mutate({ alerts: e.target.checked });
              }}
            />
            Alerts
          </label>
          <a href={list.export_urls.csv} aria-label={`${list.name}: technologies (CSV)`} className="text-indigo-700 underline">
            Technologies (CSV)
          </a>
          <a href={list.export_urls.json} aria-label={`${list.name}: technologies (JSON)`} className="text-indigo-700 underline">
            Technologies (JSON)
          </a>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={changesId}
            onClick={() => setOpen(!open)}
            className="rounded-md px-2 py-1 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
          >
            {open ? "Hide changes" : "What changed"}
          </button>
          <button
            type="button"
            onClick={() => analyze.mutate({ list_id: list.id })}
            disabled={analyze.isPending || list.store_count === 0}
            aria-label={`Analyze the stores of ${list.name}`}
            className="rounded-md px-2 py-1 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 disabled:opacity-50"
          >
            {analyze.isPending ? "Starting…" : "Analyze all"}
          </button>
          <DangerButton onClick={() => remove.mutate()} disabled={remove.isPending} aria-label={`Delete list ${list.name}`}>
            Delete
          </DangerButton>
        </div>
      </div>
      {analyze.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {`Could not start the analyses: ${analyze.error.message}`}
          {analyze.error instanceof ApiRequestError && analyze.error.status === 402 ? (
            <>
              {" "}
              <Link href="/dashboard/billing" className="font-medium underline">
                See plans
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {open ? (
        <div id={changesId}>
          <ListChangesView id={list.id} onSeen={() => update.mutate({ seen: true })} seenPending={update.isPending} />
        </div>
      ) : null}
    </li>
  );
}

function ListChangesView({ id, onSeen, seenPending }: { id: string; onSeen: () => void; seenPending: boolean }) {
  const changes = useListChanges(id, true);
  if (changes.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (changes.isError) return <p role="alert" className="text-sm text-red-700">{`Could not load the changes: ${changes.error.message}`}</p>;
  const { entered, left, events, events_total: total, since } = changes.data;
  const nothing = entered.length === 0 && left.length === 0 && total === 0;

  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm">
      <p className="text-slate-600">Since {formatDate(since, true)}:</p>
      {nothing ? <p className="mt-1 text-slate-500">Nothing changed.</p> : null}
      {entered.length ? <p className="mt-1">Entered: {entered.map((s) => s.name ?? s.domain).join(", ")}</p> : null}
      {left.length ? <p className="mt-1">Left: {left.map((s) => s.name ?? s.domain).join(", ")}</p> : null}
      {events.length ? (
        <ul className="mt-2 space-y-1">
          {events.map((event, i) => (
            <li key={`${event.store.slug}-${event.kind}-${event.key}-${i}`} className="break-words">
              <Link href={`/stores/${event.store.slug}`} className="text-indigo-700 underline">
                {event.store.name ?? event.store.domain}
              </Link>
              {`: ${event.kind.replace(/_/g, " ")} ${event.label ?? event.key}${event.after ? ` (${event.before ?? "–"} → ${event.after})` : ""} · ${formatDate(event.analysis.at)}`}
            </li>
          ))}
        </ul>
      ) : null}
      {total > events.length ? (
        <p className="mt-1 text-xs text-slate-500">{`${formatCount(total - events.length)} more not shown.`}</p>
      ) : null}
      <button
        type="button"
        onClick={onSeen}
        disabled={seenPending}
        className="mt-3 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
      >
        Mark as seen
      </button>
    </div>
  );
}
