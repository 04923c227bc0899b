import type { Product } from "@/lib/shopify-reader/schemas";
import { bodyProducts } from "./body-products";
import { getReportLocation } from "./find-report";
import { bodyText, layoutOf } from "./get-report";
import { snapshotListingColumns } from "../snapshots/snapshot-listing-columns";

type Row = { product: Product } & ReturnType<typeof snapshotListingColumns>;

/** Listing rows of the last few pruned reports read (a page view reads one several times). */
const recent = new Map<string, Row[]>();
const RECENT_REPORTS = 4;

/**
 * A report's products read back from its stored body, with the columns the listing sorts
 * and searches on: what the report page shows once cleanup dropped the snapshot rows.
 */
export async function storedListingRows(jobId: string): Promise<Row[]> {
  const located = await getReportLocation(jobId);
  const key = located.etag ?? jobId;
  const hit = recent.get(key);
  if (hit) return hit;
  const text = await bodyText(located.jobId, located.etag);
  const layout = layoutOf(located.etag, text);
  const rows = (bodyProducts(text, layout, 0, layout.count) as Product[]).map((product) => ({
    product,
    ...snapshotListingColumns(product),
  }));
  if (recent.size >= RECENT_REPORTS) recent.delete(recent.keys().next().value!);
  recent.set(key, rows);

  return rows;
}

/** Ascending comparison of nullable values, nulls last (PostgreSQL's default for ASC). */
function compare<T extends string | number>(a: T | null, b: T | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;

  return a < b ? -1 : 1;
}

const price = (value: string | null) => (value === null ? null : Number(value));

/**
 * The order of list-report-products.ts's SQL, in memory: the chosen column in the chosen
 * direction with missing values last, then title and product id ascending (title order
 * itself runs both ways).
 */
export function compareRows(sort: "title" | "vendor" | "type" | "price" | "variants", dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  const byTitle = (a: Row, b: Row) => compare(a.titleKey, b.titleKey) || compare(a.product.id, b.product.id);
  const nullsLast = <T extends string | number>(a: T | null, b: T | null) =>
    a === null || b === null ? compare(a, b) : sign * compare(a, b);

  return (a: Row, b: Row): number => {
    switch (sort) {
      case "title":
        return sign * byTitle(a, b);
      case "vendor":
        return nullsLast(a.vendorKey, b.vendorKey) || byTitle(a, b);
      case "type":
        return nullsLast(a.typeKey, b.typeKey) || byTitle(a, b);
      case "price":
        return (
          (dir === "asc" ? nullsLast(price(a.priceMin), price(b.priceMin)) : nullsLast(price(a.priceMax), price(b.priceMax))) ||
          byTitle(a, b)
        );
      case "variants":
        return nullsLast(a.variantCount, b.variantCount) || byTitle(a, b);
    }
  };
}
