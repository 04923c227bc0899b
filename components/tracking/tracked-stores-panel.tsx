"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { trackedStoreListSchema, trackStoreResultSchema, untrackStoreResultSchema, type TrackedStoreView } from "@/lib/tracking/schemas";
import { ApiRequestError, callApi } from "@/components/dashboard/api-client";
import { formatCount, formatDate, plural } from "@/components/ui/format";
import { planName } from "@/lib/billing/plan-ids";
import { SingleFieldForm } from "@/components/ui/single-field-form";

const TRACKED_STORES_QUERY = ["tracked-stores"] as const;

const STATE_LABEL: Record<TrackedStoreView["monitoring"]["state"], string> = {
  active: "Monitored daily",
  failing: "Last check failed",
  paused: "Paused after repeated failures",
};

export function TrackedStoresPanel() {
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState("");
  const shops = useQuery({
    queryKey: TRACKED_STORES_QUERY,
    queryFn: () => callApi(trackedStoreListSchema, "/api/shops?per_page=50"),
    // A first analysis is running after tracking: refresh until every shop has a finished job.
    refetchInterval: (query) =>
      query.state.data?.data.some((shop) => shop.latest_job && ["queued", "running"].includes(shop.latest_job.status)) ? 2000 : false,
  });
  const track = useMutation({
    mutationFn: (value: string) => callApi(trackStoreResultSchema, "/api/shops", { method: "POST", body: { domain: value } }),
    onSuccess: () => {
      setDomain("");
      void queryClient.invalidateQueries({ queryKey: TRACKED_STORES_QUERY });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    track.mutate(domain);
  };

  return (
    <div className="space-y-6">
      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Track a shop</h2>
        <p className="mt-1 text-sm text-slate-600">
          A tracked store is re-analyzed once a day: sales, restocks, price changes, new and removed products.
          {shops.data
            ? ` Your ${planName(shops.data.limit.plan)} plan tracks up to ${plural(shops.data.limit.max, "shop")} (${formatCount(shops.data.limit.tracked)} in use).`
            : ""}
        </p>
        <SingleFieldForm
          ariaLabel="Track a shop"
          id="track-domain"
          label="Store domain"
          value={domain}
          onChange={setDomain}
          onSubmit={onSubmit}
          placeholder="e.g. allbirds.com"
          maxLength={300}
          pending={track.isPending}
          submitLabel="Track store"
          pendingLabel="Adding…"
          error={track.isError ? track.error.message : undefined}
        />
        {track.error instanceof ApiRequestError && track.error.status === 402 ? (
          <p className="mt-2 text-sm">
            <Link href="/dashboard/billing" className="font-medium text-indigo-700 underline">
              See plans and upgrade
            </Link>
          </p>
        ) : null}
      </section>

      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Your tracked stores</h2>
        {shops.isPending ? <p className="mt-3 text-sm text-slate-500">Loading…</p> : null}
        {shops.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Could not load your tracked stores: {shops.error.message}
          </p>
        ) : null}
        {shops.data && shops.data.data.length === 0 ? <p className="mt-3 text-sm text-slate-500">No tracked stores yet.</p> : null}
        {shops.data && shops.data.data.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-100">
            {shops.data.data.map((shop) => (
              <TrackedStoreRow key={shop.slug} shop={shop} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function TrackedStoreRow({ shop }: { shop: TrackedStoreView }) {
  const queryClient = useQueryClient();
  const untrack = useMutation({
    mutationFn: () => callApi(untrackStoreResultSchema, `/api/shops/${encodeURIComponent(shop.slug)}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TRACKED_STORES_QUERY }),
  });
  const job = shop.latest_job;
  const name = shop.store.name ?? shop.store.domain;

  return (
    <li data-testid="tracked-store-row" className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link href={`/dashboard/tracked-stores/${shop.slug}`} className="font-medium text-indigo-700 hover:underline">
          {name}
        </Link>
        <p className="text-xs text-slate-500">{shop.store.domain}</p>
        <dl className="mt-1 grid grid-cols-1 gap-x-4 text-xs text-slate-600 sm:grid-cols-3">
          <div>
            <dt className="inline font-medium">Status: </dt>
            <dd className="inline">
              {job ? `${STATE_LABEL[shop.monitoring.state]} · latest job ${job.status}` : STATE_LABEL[shop.monitoring.state]}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Last check: </dt>
            <dd className="inline">{formatDate(shop.monitoring.last_checked_at, true)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Next check: </dt>
            <dd className="inline">{formatDate(shop.monitoring.next_check_at, true)}</dd>
          </div>
        </dl>
        {shop.monitoring.last_error ? (
          <p role="status" className="mt-1 text-xs text-red-700">
            {shop.monitoring.last_error}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => untrack.mutate()}
        disabled={untrack.isPending}
        aria-label={`Stop tracking ${name}`}
        className="self-start rounded-md px-2 py-1 text-xs font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50 sm:self-center"
      >
        Stop tracking
      </button>
    </li>
  );
}
