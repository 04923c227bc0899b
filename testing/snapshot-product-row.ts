import { snapshotListingColumns } from "@/lib/reports/snapshot-listing-columns";
import type { Product } from "@/lib/shopify-reader/schemas";

/**
 * The snapshot_products row of a product, with the columns the report listing sorts and searches
 * on, for tests that seed snapshots directly (lib/reports/snapshot-products.ts stores a job's).
 */
export function snapshotProductRow(jobId: string, product: Product) {
  return { jobId, productId: product.id, handle: product.handle, title: product.title, data: product, ...snapshotListingColumns(product) };
}
