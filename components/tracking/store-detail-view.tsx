"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { callApi } from "@/components/dashboard/api-client";
import type { Analytics, Comparison, InventoryEventsPage, InventorySummary } from "./detail-types";
import { HeatGraph } from "./heat-graph";
import { InventoryChart } from "./inventory-chart";
import { SalesBand } from "./sales-band";

const base = (slug: string) => `/api/store-detail/${encodeURIComponent(slug)}`;

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Failure({ error }: { error: Error }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {error.message}
    </p>
  );
}

/** The page of one tracked shop: its reports, summary, heat graph, inventory, events feed and compare. */
export function StoreDetailView({ slug, reportLinks }: { slug: string; reportLinks?: ReactNode }) {
  const analytics = useQuery({ queryKey: ["analytics", slug], queryFn: () => callApi(null, `${base(slug)}/analytics`) as Promise<Analytics> });
  const inventory = useQuery({ queryKey: ["inventory", slug], queryFn: () => callApi(null, `${base(slug)}/inventory`) as Promise<InventorySummary> });
  const store = analytics.data?.store;

  return (
    <div className="space-y-6">
      <div>
        <Link href="/dashboard/tracked-shops" className="text-sm text-indigo-700 hover:underline">
          ← Tracked shops
        </Link>
        <h2 className="mt-2 text-xl font-bold">{store?.name ?? store?.domain ?? slug}</h2>
        {store ? <p className="text-sm text-slate-600">{store.domain}</p> : null}
        {reportLinks}
      </div>

      <Section title="Catalogue">
        {analytics.isError ? <Failure error={analytics.error} /> : null}
        {analytics.data ? (
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <Figure label="Products" value={analytics.data.catalog.products} />
            <Figure label="Variants" value={analytics.data.catalog.variants} />
            <Figure label="Lowest price" value={analytics.data.catalog.price_min} />
            <Figure label="Highest price" value={analytics.data.catalog.price_max} />
          </dl>
        ) : null}
      </Section>

      <Section title="Changes, last 365 days" testId="heat-graph-section">
        {analytics.isPending ? <p className="text-sm text-slate-500">Loading…</p> : null}
        {analytics.data ? <HeatGraph graph={analytics.data.heat_graph} /> : null}
      </Section>

      <Section title="Inventory and sales" testId="inventory-section">
        {inventory.isError ? <Failure error={inventory.error} /> : null}
        {inventory.data ? <InventorySummaryView summary={inventory.data} /> : null}
      </Section>

      <EventsFeed slug={slug} />
      <CompareView slug={slug} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number | string | null }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value ?? "—"}</dd>
    </div>
  );
}

function InventorySummaryView({ summary }: { summary: InventorySummary }) {
  const units = summary.units_sold_30d;
  const daily = summary.estimated_daily_sales;
  const assumption = summary.sales_assumption;
  const topScale = Math.max(0, ...summary.top_sellers.map((t) => t.units_sold.range.high)) * 1.1;

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Units sold, last 30 days</dt>
          <dd>
            <SalesBand units={units} scale={units.range.high * 1.1} testId="units-sold" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Daily sales</dt>
          <dd>
            <SalesBand units={daily} scale={daily.range.high * 1.1} unit=" per day" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Total inventory</dt>
          <dd className="text-lg font-semibold">
            {summary.total_inventory}{" "}
            <span className="text-xs font-normal text-slate-600">{summary.total_inventory_basis === "observed" ? "(observed)" : "(store hides quantities)"}</span>
          </dd>
        </div>
      </dl>
      {assumption && summary.enough_data ? (
        <p className="text-xs text-slate-600" data-testid="sales-assumption">
          Estimated, not observed: assumes {assumption.typical} units per sale day (range {assumption.low}–{assumption.high}),{" "}
          {assumption.calibrated_on
            ? `calibrated on ${assumption.calibrated_on.products} products of ${assumption.calibrated_on.stores} stores that show quantities.`
            : "a default: no store showing quantities to calibrate on yet."}
        </p>
      ) : null}
      {summary.top_sellers.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Top sellers, last 30 days</h3>
          <ul className="mt-1 space-y-2 text-sm" data-testid="top-sellers">
            {summary.top_sellers.map((t) => (
              <li key={t.product_id}>
                <span className="text-slate-700">{t.title ?? `Product ${t.product_id}`}</span>
                <SalesBand units={t.units_sold} scale={topScale} unit=" units" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <InventoryChart summary={summary} />
      {summary.recent_restocks.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Recent restocks</h3>
          <ul className="mt-1 text-sm text-slate-600">
            {summary.recent_restocks.map((r) => (
              <li key={`${r.variant_id}-${r.occurred_at}`}>
                {r.title ?? `Product ${r.product_id}`}: {r.units === null ? "back in stock" : `+${r.units}`} · {new Date(r.occurred_at).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function EventsFeed({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<"" | "sale" | "restock">("");
  const events = useQuery({
    queryKey: ["inventory-events", slug, page, type],
    queryFn: () => callApi(null, `${base(slug)}/inventory/events?page=${page}&per_page=20${type ? `&type=${type}` : ""}`) as Promise<InventoryEventsPage>,
  });

  return (
    <Section title="Sales and restocks" testId="events-section">
      <label className="text-sm text-slate-700">
        Show{" "}
        <select
          value={type}
          onChange={(e) => {
            setType(e.target.value as typeof type);
            setPage(1);
          }}
          className="rounded border border-slate-300 px-2 py-1"
        >
          <option value="">all events</option>
          <option value="sale">sales</option>
          <option value="restock">restocks</option>
        </select>
      </label>
      {events.isError ? <Failure error={events.error} /> : null}
      {events.data && events.data.data.length === 0 ? <p className="mt-3 text-sm text-slate-500">No events yet: they appear from the second daily check on.</p> : null}
      {events.data && events.data.data.length > 0 ? (
        <>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <ColumnHeads labels={["When", "Event", "Product", "Units"]} />
              <tbody className="divide-y divide-slate-100">
                {events.data.data.map((e) => (
                  <tr key={e.id}>
                    <td className="py-1 pr-2">{new Date(e.occurred_at).toLocaleDateString()}</td>
                    <td className="py-1 pr-2">{e.type === "sale" ? "Sale" : "Restock"} ({e.basis})</td>
                    <td className="py-1 pr-2">{e.title ?? e.product_id}</td>
                    <td className="py-1">{e.units ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Events pages" className="mt-2 flex items-center gap-3 text-sm">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded px-2 py-1 ring-1 ring-slate-300 disabled:opacity-40">
              Previous
            </button>
            <span>
              Page {events.data.pagination.page} of {Math.max(1, events.data.pagination.total_pages)}
            </span>
            <button
              type="button"
              disabled={page >= events.data.pagination.total_pages}
              onClick={() => setPage(page + 1)}
              className="rounded px-2 py-1 ring-1 ring-slate-300 disabled:opacity-40"
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
    </Section>
  );
}

function CompareView({ slug }: { slug: string }) {
  const compare = useQuery({
    queryKey: ["compare", slug],
    queryFn: () => callApi(null, `${base(slug)}/compare`) as Promise<Comparison>,
    retry: false,
  });

  return (
    <Section title="Compare the latest two snapshots" testId="compare-section">
      {compare.isError ? <p className="text-sm text-slate-600">{compare.error.message}</p> : null}
      {compare.data ? (
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">
            {new Date(compare.data.from.completed_at ?? "").toLocaleString()} → {new Date(compare.data.to.completed_at ?? "").toLocaleString()}
          </p>
          <table className="w-full text-left">
            <ColumnHeads labels={["Category", "Added", "Removed", "Changed"]} />
            <tbody className="divide-y divide-slate-100">
              {Object.entries(compare.data.categories).map(([name, c]) => (
                <tr key={name}>
                  <th scope="row" className="py-1 pr-2 font-medium capitalize">
                    {name}
                    {c.truncated ? <span className="ml-1 text-xs text-amber-700">(first 500 shown)</span> : null}
                  </th>
                  <td className="py-1">{c.totals.added}</td>
                  <td className="py-1">{c.totals.removed}</td>
                  <td className="py-1">{c.totals.changed}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!compare.data.removals_reported ? <p className="text-xs text-slate-500">The newer listing was incomplete, so removals are not reported.</p> : null}
        </div>
      ) : null}
    </Section>
  );
}

/** The header row of the page's small data tables. */
function ColumnHeads({ labels }: { labels: string[] }) {
  return (
    <thead className="text-slate-500">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="py-1 font-medium">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
