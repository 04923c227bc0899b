import type { ProductListingQuery } from "@/lib/reports/list-report-products";

/** The URL query of a listing state, leaving defaults out so URLs stay short. */
export function productListingSearch(query: ProductListingQuery, patch: Partial<ProductListingQuery>): string {
  const next = { ...query, ...patch };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "title") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();

  return search ? `?${search}` : "";
}
