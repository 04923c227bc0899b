"use client";

import Link from "next/link";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { useInventoryEvents, useInventorySummary, useStoreAnalytics } from "@/components/api/use-store-detail";
import { formatCount, formatDate, formatPrice, readerLocale } from "@/components/ui/format";
import { CatalogEventsView } from "./catalog-events-view";
import { CompareView } from "./compare-view";
import { Basis, ColumnHeads, Failure, Section } from "./detail-parts";
import { nextSnapshotText } from "./day-one";
import { HeatGraph } from "./heat-graph";
import { InventorySummaryView } from "./inventory-summary-view";
import { PriceHistoryView } from "./price-history-view";
import { ProductTables } from "./product-tables";

const noSubscription = () => () => {};

/** The page of one tracked store: its reports, catalog, heat graph, inventory, catalog events, events feed, a product's prices and compare. */
export function StoreDetailView({ slug, reportLinks }: { slug: string; reportLinks?: ReactNode }) {
  // The reader's number format; the server (no data yet) renders with the fixed one.
  const locale = useSyncExternalStore(noSubscription, readerLocale, () => "en-US");
  const analytics = useStoreAnalytics(slug);
  const inventory = useInventorySummary(slug);
  const [focusDay, setFocusDay] = useState<{ day: string } | null>(null);
  const [product, setProduct] = useState<{ id: number; title: string | null } | null>(null);
  const store = analytics.data?.store;
  const currency = store?.currency ?? null;
  const catalog = analytics.data?.catalog;
  const pickDay = (day: string) => {
    setFocusDay({ day });
    document.getElementById("compare")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const showHistory = (id: number, title: string | null) => {
    setProduct({ id, title });
    document.getElementById("events")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <div className="min-w-0 space-y-6">
      <div className="min-w-0">
        <Link href="/dashboard/tracked-stores" className="text-sm text-indigo-700 hover:underline">
          ← Tracked stores
        </Link>
        <h2 className="mt-2 break-words text-xl font-bold">{store?.name ?? store?.domain ?? slug}</h2>
        {store ? <p className="break-words text-sm text-slate-600">{store.domain}</p> : null}
        {reportLinks}
      </div>

      <Section title="Catalog">
        {analytics.isError ? <Failure error={analytics.error} /> : null}
        {catalog ? (
          <>
            <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4" data-testid="catalog-figures">
              <Figure label="Products" value={formatCount(catalog.products, locale)} />
              <Figure label="Variants" value={formatCount(catalog.variants, locale)} />
              <Figure label="Lowest price" value={formatPrice(catalog.price_min, currency, locale)} />
              <Figure label="Highest price" value={formatPrice(catalog.price_max, currency, locale)} />
            </dl>
            <Basis>
              Counted in the latest snapshot
              {store?.last_analyzed_at ? ` (${formatDate(store.last_analyzed_at, true)})` : ""}
              {currency ? `; prices in ${currency}, the store's currency` : "; the store did not say its currency"}.
            </Basis>
          </>
        ) : null}
      </Section>

      <Section title="Changes, last 365 days" testId="heat-graph-section">
        {analytics.isPending ? <p className="text-sm text-slate-500">Loading…</p> : null}
        {analytics.data ? (
          <HeatGraph
            graph={analytics.data.heat_graph}
            locale={locale}
            onPickDay={pickDay}
            nextSnapshotAt={inventory.data ? inventory.data.next_snapshot_at : undefined}
          />
        ) : null}
      </Section>

      <Section title="Inventory and sales" testId="inventory-section">
        {inventory.isError ? <Failure error={inventory.error} /> : null}
        {inventory.data ? <InventorySummaryView summary={inventory.data} locale={locale} /> : null}
      </Section>

      <Section title="Products" testId="products-section">
        {inventory.isError ? <Failure error={inventory.error} /> : null}
        {inventory.data ? <ProductTables summary={inventory.data} locale={locale} onProduct={showHistory} /> : null}
      </Section>

      <CatalogEventsView
        slug={slug}
        currency={currency}
        locale={locale}
        onProduct={showHistory}
        nextSnapshotAt={inventory.data?.next_snapshot_at}
      />
      <EventsFeed
        slug={slug}
        locale={locale}
        product={product}
        onClearProduct={() => setProduct(null)}
        nextSnapshotAt={inventory.data?.next_snapshot_at}
      />
      {product ? <PriceHistoryView slug={slug} product={product} locale={locale} /> : null}
      {store ? (
        <CompareView
          slug={slug}
          domain={store.domain}
          currency={currency}
          locale={locale}
          focusDay={focusDay}
          onHistory={showHistory}
          nextSnapshotAt={inventory.data?.next_snapshot_at}
        />
      ) : null}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function EventsFeed({
  slug,
  locale,
  product,
  onClearProduct,
  nextSnapshotAt,
}: {
  slug: string;
  locale: string;
  product: { id: number; title: string | null } | null;
  onClearProduct: () => void;
  nextSnapshotAt: string | null | undefined;
}) {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<"" | "sale" | "restock">("");
  const [shownProduct, setShownProduct] = useState(product);
  // A new product picked elsewhere starts its events from the first page.
  if (shownProduct !== product) {
    setShownProduct(product);
    setPage(1);
  }
  const events = useInventoryEvents(slug, page, type, product?.id);

  return (
    <Section title="Sales and restocks" testId="events-section" id="events">
      <div className="flex flex-wrap items-center gap-3">
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
        {product ? (
          <p className="text-sm text-slate-700" data-testid="events-product">
            of {product.title ?? `product ${product.id}`}{" "}
            <button type="button" onClick={onClearProduct} className="text-indigo-700 underline">
              show every product
            </button>
          </p>
        ) : null}
      </div>
      {events.isError ? <Failure error={events.error} /> : null}
      {events.data && events.data.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="events-day-one">
          No {type === "restock" ? "restocks" : type === "sale" ? "sales" : "sales or restocks"} yet: they are found by comparing each
          snapshot&apos;s stock with the one before{nextSnapshotAt === undefined ? "" : ` — ${nextSnapshotText(nextSnapshotAt)}`}.
        </p>
      ) : null}
      {events.data && events.data.data.length > 0 ? (
        <>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <ColumnHeads labels={["When", "Event", "Product", "Units"]} />
              <tbody className="divide-y divide-slate-100">
                {events.data.data.map((e) => (
                  <tr key={e.id}>
                    <td className="py-1 pr-2">{formatDate(e.occurred_at)}</td>
                    <td className="py-1 pr-2">
                      {e.type === "sale" ? "Sale" : "Restock"} ({e.basis})
                    </td>
                    <td className="py-1 pr-2">{e.title ?? e.product_id}</td>
                    <td className="py-1">{formatCount(e.units, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Events pages" className="mt-2 flex items-center gap-3 text-sm">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              className="rounded px-2 py-1 ring-1 ring-slate-300 disabled:opacity-40"
            >
              Previous
            </button>
            <span>
              Page {formatCount(events.data.pagination.page, locale)} of{" "}
              {formatCount(Math.max(1, events.data.pagination.total_pages), locale)}
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
