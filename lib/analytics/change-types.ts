import type { Change } from "@/lib/snapshots/diff-snapshots";

/**
 * What "a change" means on a tracked store, for the heat graph and Compare alike: one item — a
 * product, collection or page — added, removed or changed from one snapshot to the next. A
 * product counts once however many of its fields, variants, prices or stock flags moved; sales
 * and restocks are inventory events, not changes; apps and theme are shown by Compare but not
 * counted (the daily aggregates do not see them).
 */
export const CHANGE_TYPES = [
  "product_added",
  "product_removed",
  "product_changed",
  "collection_added",
  "collection_removed",
  "collection_changed",
  "page_added",
  "page_removed",
  "page_changed",
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/**
 * What moved inside the changes, and the inventory events beside them: context for a day, never
 * added to its count. `product_fields_changed` is an edit of a product's own fields (title,
 * handle, vendor, type, tags).
 */
export const CHANGE_DETAIL_TYPES = [
  "product_fields_changed",
  "variant_added",
  "variant_removed",
  "price_changed",
  "availability_changed",
  "sale",
  "restock",
] as const;
export type ChangeDetailType = (typeof CHANGE_DETAIL_TYPES)[number];

/** Stored rows of store_daily_changes whose type carries this prefix hold counted changes; the others hold details. */
export const COUNTED_PREFIX = "change:";

/** The detail a changelog subject is stored under (`product_changed` rows are field edits). */
export const detailTypeOf = (change: Pick<Change, "subject" | "change">) => `${change.subject}_${change.change}`;

/** Stored detail type → its name in answers. */
export const detailTypeName = (stored: string): ChangeDetailType | null => {
  const name = stored === "product_changed" ? "product_fields_changed" : stored;

  return (CHANGE_DETAIL_TYPES as readonly string[]).includes(name) ? (name as ChangeDetailType) : null;
};

const isProductLevel = (subject: Change["subject"]) =>
  subject === "product" || subject === "variant" || subject === "price" || subject === "availability";

/**
 * Counts changes by the one definition, batch by batch: products added or removed once each,
 * every other product, variant, price or availability change folded into its product's one
 * `product_changed`. Both the pipeline's daily counts and Compare fold through this.
 */
export function createChangeTally() {
  const counts = Object.fromEntries(CHANGE_TYPES.map((type) => [type, 0])) as Record<ChangeType, number>;
  const changedProducts = new Set<number | string>();

  return {
    add(changes: Change[]) {
      for (const change of changes) {
        if (isProductLevel(change.subject) && !(change.subject === "product" && change.change !== "changed")) {
          // A variant-level change without its product (never from diffProduct) still counts once.
          changedProducts.add(change.productId ?? `${change.subject}:${change.subjectId}`);
          continue;
        }
        counts[`${change.subject}_${change.change}` as ChangeType]++;
      }
    },
    counts(): Record<ChangeType, number> {
      return { ...counts, product_changed: changedProducts.size };
    },
    total(): number {
      return Object.values(this.counts()).reduce((sum, n) => sum + n, 0);
    },
  };
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
