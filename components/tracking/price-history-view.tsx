"use client";

import { useProductInventory } from "@/components/api/use-store-detail";
import { formatDate, formatPrice } from "@/components/ui/format";
import { Basis, Failure, Section } from "./detail-parts";
import type { ProductInventory } from "./detail-types";
import { MIN_FIGURE_HOURS } from "@/lib/inventory/sales-velocity";
import { SalesValueText } from "./sales-value-text";

const CHANGE_LABELS: Record<ProductInventory["price_history"]["variants"][number]["points"][number]["change"], string> = {
  first_seen: "first seen",
  down: "price cut",
  up: "price raised",
  compare_at: "compare-at price changed",
};

/** One product of the tracked store: its prices over time per variant and its sales in money. */
export function PriceHistoryView({
  slug,
  product,
  locale,
}: {
  slug: string;
  product: { id: number; title: string | null };
  locale: string;
}) {
  const inventory = useProductInventory(slug, product.id);
  const history = inventory.data?.price_history;

  return (
    <Section title={`Prices of ${product.title ?? `product ${product.id}`}`} testId="price-history-section" id="price-history">
      {inventory.isError ? <Failure error={inventory.error} /> : null}
      {inventory.isPending ? <p className="text-sm text-slate-500">Loading…</p> : null}
      {inventory.data ? (
        <p className="text-sm text-slate-700" data-testid="product-sales-value">
          Sales, last {inventory.data.window.days} days:{" "}
          {inventory.data.units_sold.case === "not_enough_data" ? (
            `not enough data yet: they appear once the store's snapshots span ${MIN_FIGURE_HOURS} hours.`
          ) : (
            <SalesValueText value={inventory.data.sales_value} locale={locale} />
          )}
        </p>
      ) : null}
      {history ? (
        <>
          <ul className="mt-3 space-y-3 text-sm" data-testid="price-history">
            {history.variants.map((variant) => (
              <li key={variant.variant_id} className="min-w-0">
                <span className="block break-words font-medium text-slate-700">
                  {variant.title && variant.title !== "Default Title" ? variant.title : `Variant ${variant.variant_id}`}
                  {variant.removed_at ? ` (removed ${formatDate(variant.removed_at)})` : ""}
                </span>
                <ol className="mt-1 space-y-0.5 text-slate-600">
                  {variant.points.map((point) => (
                    <li key={`${point.from}-${point.change}`}>
                      {formatDate(point.from)}: {formatPrice(point.price, history.currency, locale)}
                      {point.compare_at_price ? ` (was ${formatPrice(point.compare_at_price, history.currency, locale)})` : ""} ·{" "}
                      {CHANGE_LABELS[point.change]}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          {history.note ? <Basis>{history.note}</Basis> : null}
          {inventory.data ? <Basis>{inventory.data.sales_value.method}</Basis> : null}
        </>
      ) : null}
    </Section>
  );
}
