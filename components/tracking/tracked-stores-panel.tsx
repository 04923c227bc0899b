"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/client";
import { useTrackedStores, useTrackStore, useUntrackStore } from "@/components/api/use-tracked-stores";
import { DangerButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatCount, formatDate, plural } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { SingleFieldForm } from "@/components/ui/single-field-form";
import { planName } from "@/lib/billing/admission/plan-ids";
import type { TrackedStoreView } from "@/lib/tracking/schemas";

const STATE_LABEL: Record<TrackedStoreView["monitoring"]["state"], string> = {
  active: "Monitored daily",
  failing: "Last check failed",
  paused: "Paused after repeated failures",
};

export function TrackedStoresPanel() {
  const [domain, setDomain] = useState("");
  const shops = useTrackedStores();
  const track = useTrackStore(() => setDomain(""));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    track.mutate(domain);
  };

  return (
    <div className="space-y-6">
      <Card title="Track a shop">
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
      </Card>

      <ListPanel
        title="Your tracked stores"
        list={shops}
        failure={(error) => `Could not load your tracked stores: ${error.message}`}
        empty="No tracked stores yet."
      >
        {(rows) => (
          <ul className="mt-3 divide-y divide-slate-100">
            {rows.map((shop) => (
              <TrackedStoreRow key={shop.slug} shop={shop} />
            ))}
          </ul>
        )}
      </ListPanel>
    </div>
  );
}

function TrackedStoreRow({ shop }: { shop: TrackedStoreView }) {
  const untrack = useUntrackStore(shop.slug);
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
      <DangerButton
        onClick={() => untrack.mutate()}
        disabled={untrack.isPending}
        aria-label={`Stop tracking ${name}`}
        className="self-start sm:self-center"
      >
        Stop tracking
      </DangerButton>
    </li>
  );
}
