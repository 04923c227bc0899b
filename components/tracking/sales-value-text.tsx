import { formatPrice } from "@/components/ui/format";
import type { ProductInventory } from "./detail-types";

/** A sales figure in money, as a range with its best guess. */
export function SalesValueText({ value, locale }: { value: ProductInventory["sales_value"]; locale: string }) {
  if (value.value === null) return <span>Not known yet</span>;

  return (
    <span>
      {formatPrice(value.range.low, value.currency, locale)} – {formatPrice(value.range.high, value.currency, locale)} (best guess{" "}
      {formatPrice(value.value, value.currency, locale)})
    </span>
  );
}
