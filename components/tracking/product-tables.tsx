"use client";

import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { formatCount, formatDate, formatDecimal, plural } from "@/components/ui/format";
import { DayOne, fillsInText } from "./day-one";
import { ColumnHeads } from "./detail-parts";
import type { InventorySummary } from "./detail-types";
import { SalesValueText } from "./sales-value-text";
import { unitsLabel } from "./sales-band";

const TABS = [
  { key: "best", label: "Best sellers" },
  { key: "low", label: "Low stock" },
  { key: "newest", label: "Newest" },
] as const;
type Tab = (typeof TABS)[number]["key"];

/**
 * The store's products three ways, one tab each (a phone shows one narrow table at a time):
 * best sellers over the sales window, low stock and the newest products at the latest snapshot.
 * Best sellers wait for enough data; the other two are there from the first snapshot.
 */
export function ProductTables({
  summary,
  locale,
  onProduct,
}: {
  summary: InventorySummary;
  locale: string;
  onProduct: (id: number, title: string | null) => void;
}) {
  const [tab, setTab] = useState<Tab>("best");
  const id = useId();
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.findIndex((t) => t.key === tab) + step + TABS.length) % TABS.length]!.key;
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  const product = (productId: number, title: string | null) => (
    <button type="button" className="break-words text-left text-indigo-700 underline" onClick={() => onProduct(productId, title)}>
      {title ?? `Product ${productId}`}
    </button>
  );

  return (
    <div data-testid="product-tables">
      <div role="tablist" aria-label="Products" className="flex flex-wrap gap-1 border-b border-slate-200" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-${t.key}-tab`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-${t.key}-panel`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === t.key ? "border-indigo-600 font-medium text-indigo-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        className="mt-3 min-w-0"
        data-testid={`products-${tab}`}
      >
        {tab === "best" ? <BestSellers summary={summary} locale={locale} product={product} /> : null}
        {tab === "low" ? <LowStock summary={summary} locale={locale} product={product} /> : null}
        {tab === "newest" ? <Newest summary={summary} product={product} /> : null}
      </div>
    </div>
  );
}

type Cell = (productId: number, title: string | null) => ReactNode;

function BestSellers({ summary, locale, product }: { summary: InventorySummary; locale: string; product: Cell }) {
  if (!summary.enough_data) return <DayOne testId="best-sellers-day-one">{fillsInText("Best sellers appear", summary)}</DayOne>;
  if (summary.top_sellers.length === 0)
    return <p className="text-sm text-slate-600">No product sold in the last {summary.window.days} days.</p>;
  const show = (n: number) => formatDecimal(n, locale);

  return (
    <table className="w-full table-fixed text-left text-sm" data-testid="best-sellers">
      <ColumnHeads labels={["Product", `Units, last ${summary.window.days} days`, "In money"]} />
      <tbody className="divide-y divide-slate-100">
        {summary.top_sellers.map((t) => {
          const { low, high } = t.units_sold.range;
          return (
            <tr key={t.product_id} className="align-top">
              <td className="py-1 pr-2">{product(t.product_id, t.title)}</td>
              <td className="break-words py-1 pr-2">
                {low === high ? show(low) : `${show(low)}–${show(high)}`} {unitsLabel(low === high ? low : high)}
                {low !== high && t.units_sold.value !== null ? (
                  <span className="block text-xs text-slate-500">best guess {show(t.units_sold.value)}</span>
                ) : null}
              </td>
              <td className="break-words py-1 text-xs">
                <SalesValueText value={t.sales_value} locale={locale} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function LowStock({ summary, locale, product }: { summary: InventorySummary; locale: string; product: Cell }) {
  const low = summary.low_stock;
  if (low.basis === "unavailable")
    return <p className="text-sm text-slate-600">This store hides its stock quantities: no low-stock list.</p>;
  const soldOut =
    low.sold_out > 0
      ? `${plural(low.sold_out, "product")} sold out at the latest snapshot (not listed).`
      : "No product sold out at the latest snapshot.";

  return (
    <>
      {low.products.length === 0 ? (
        <p className="text-sm text-slate-600">No product in stock shows its quantities.</p>
      ) : (
        <table className="w-full table-fixed text-left text-sm" data-testid="low-stock">
          <ColumnHeads labels={["Product", "In stock"]} />
          <tbody className="divide-y divide-slate-100">
            {low.products.map((p) => (
              <tr key={p.product_id} className="align-top">
                <td className="py-1 pr-2">{product(p.product_id, p.title)}</td>
                <td className="py-1">
                  {formatCount(p.units, locale)} {unitsLabel(p.units)}
                  {p.variants > 1 ? (
                    <span className="block text-xs text-slate-500">over {formatCount(p.variants, locale)} variants</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-1 text-xs text-slate-500">{soldOut}</p>
    </>
  );
}

function Newest({ summary, product }: { summary: InventorySummary; product: Cell }) {
  if (summary.newest_products.length === 0) return <p className="text-sm text-slate-600">No products in the latest snapshot.</p>;

  return (
    <table className="w-full table-fixed text-left text-sm" data-testid="newest-products">
      <ColumnHeads labels={["Product", "Published"]} />
      <tbody className="divide-y divide-slate-100">
        {summary.newest_products.map((p) => (
          <tr key={p.product_id} className="align-top">
            <td className="py-1 pr-2">{product(p.product_id, p.title)}</td>
            <td className="py-1">{formatDate(p.published_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
