"use client";

import { useState } from "react";
import { useCatalogEvents } from "@/components/api/use-store-detail";
import { formatDate, formatPrice } from "@/components/ui/format";
import type { CatalogEventKind } from "@/lib/changelog/schemas";
import { nextSnapshotText } from "./day-one";
import { Basis, ColumnHeads, Failure, Section } from "./detail-parts";
import type { CatalogEventItem } from "./detail-types";

const KIND_LABELS: Record<CatalogEventKind, string> = {
  product_added: "New product",
  product_removed: "Product removed",
  price_changed: "Price changed",
  sold_out: "Sold out",
  back_in_stock: "Back in stock",
};

/** What changed, in words: both prices of a price change, the publish date of a new product. */
function changeText(event: CatalogEventItem, currency: string | null, locale: string): string {
  switch (event.kind) {
    case "price_changed": {
      const percent = event.change_percent === null ? "" : ` (${event.change_percent > 0 ? "+" : ""}${event.change_percent}%)`;

      return `${formatPrice(event.before.price, currency, locale)} → ${formatPrice(event.after.price, currency, locale)}${percent}`;
    }
    case "product_added":
      return event.after.published_at ? `published ${formatDate(event.after.published_at)}` : "publish date unknown";
    default:
      return "";
  }
}

/** The tracked store's catalog events, newest first: new and removed products, price changes, sell-outs and restocks. */
export function CatalogEventsView({
  slug,
  currency,
  locale,
  onProduct,
  nextSnapshotAt,
}: {
  slug: string;
  currency: string | null;
  locale: string;
  onProduct: (id: number, title: string | null) => void;
  nextSnapshotAt?: string | null;
}) {
  const [kind, setKind] = useState<CatalogEventKind | "">("");
  const events = useCatalogEvents(slug, kind);
  const pages = events.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.data);
  const coverage = pages[0]?.coverage;

  return (
    <Section title="Catalog events" testId="catalog-events-section" id="catalog-events">
      <label className="text-sm text-slate-700">
        Show{" "}
        <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)} className="rounded border border-slate-300 px-2 py-1">
          <option value="">every kind</option>
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label.toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {coverage?.note ? <Basis testId="catalog-events-coverage">{coverage.note}</Basis> : null}
      {events.isError ? <Failure error={events.error} /> : null}
      {events.data && rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="catalog-events-day-one">
          No catalog events yet: new and removed products, price changes and sell-outs are found by comparing each snapshot with the one
          before{nextSnapshotAt === undefined ? "" : ` — ${nextSnapshotText(nextSnapshotAt)}`}.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="catalog-events">
            <ColumnHeads labels={["Seen", "Event", "Product", "Change"]} />
            <tbody className="divide-y divide-slate-100">
              {rows.map((event) => (
                <tr key={event.id}>
                  <td className="py-1 pr-2 align-top whitespace-nowrap">{formatDate(event.occurred_at)}</td>
                  <td className="py-1 pr-2 align-top">{KIND_LABELS[event.kind]}</td>
                  <td className="max-w-[16rem] py-1 pr-2 align-top break-words">
                    {event.subject.product_id === null ? (
                      (event.subject.title ?? "—")
                    ) : (
                      <button
                        type="button"
                        className="text-left text-indigo-700 underline"
                        onClick={() => onProduct(event.subject.product_id!, event.subject.title)}
                      >
                        {event.subject.title ?? `Product ${event.subject.product_id}`}
                      </button>
                    )}
                  </td>
                  <td className="py-1 align-top">{changeText(event, currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {events.hasNextPage ? (
        <button
          type="button"
          onClick={() => void events.fetchNextPage()}
          disabled={events.isFetchingNextPage}
          className="mt-2 rounded px-2 py-1 text-sm ring-1 ring-slate-300 disabled:opacity-40"
        >
          Older events
        </button>
      ) : null}
      <Basis>Each event was seen between two analyses of the store: it happened after the earlier one, by the date shown.</Basis>
    </Section>
  );
}
