import type { Change } from "@/lib/reports/diff-snapshots";

/** Every kind of change the heat graph counts: changelog subjects and inventory events. */
export const CHANGE_TYPES = [
  "product_added",
  "product_removed",
  "product_changed",
  "variant_added",
  "variant_removed",
  "price_changed",
  "availability_changed",
  "collection_added",
  "collection_removed",
  "collection_changed",
  "page_added",
  "page_removed",
  "page_changed",
  "sale",
  "restock",
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const changeTypeOf = (change: Pick<Change, "subject" | "change">) => `${change.subject}_${change.change}` as ChangeType;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
