import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { snapshotProducts } from "@/db/schema";
import { productSchema, type Product } from "@/lib/shopify/schemas";
import { snapshotListingColumns } from "./snapshot-listing-columns";

const INSERT_BATCH = 500;

/** The snapshot_products row of a product, with the columns the report listing sorts and searches on. */
export function snapshotProductRow(jobId: string, product: Product) {
  return { jobId, productId: product.id, handle: product.handle, title: product.title, data: product, ...snapshotListingColumns(product) };
}

/**
 * Adds products to a job's snapshot. Idempotent: a retried or resumed step writes the same
 * rows again, and a product met twice (listing, collection, sitemap) is kept once.
 */
export async function saveSnapshotProducts(jobId: string, products: Product[]): Promise<void> {
  for (let i = 0; i < products.length; i += INSERT_BATCH) {
    const batch = products.slice(i, i + INSERT_BATCH).map((product) => snapshotProductRow(jobId, product));
    await getDb()
      .insert(snapshotProducts)
      .values(batch)
      .onConflictDoUpdate({
        target: [snapshotProducts.jobId, snapshotProducts.productId],
        set: {
          handle: sql`excluded.handle`,
          title: sql`excluded.title`,
          data: sql`excluded.data`,
          titleKey: sql`excluded.title_key`,
          vendorKey: sql`excluded.vendor_key`,
          typeKey: sql`excluded.type_key`,
          priceMin: sql`excluded.price_min`,
          priceMax: sql`excluded.price_max`,
          variantCount: sql`excluded.variant_count`,
          searchText: sql`excluded.search_text`,
        },
      });
  }
}

export async function countSnapshotProducts(jobId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(snapshotProducts)
    .where(and(eq(snapshotProducts.jobId, jobId), isNull(snapshotProducts.goneAt)));

  return row?.n ?? 0;
}

export async function loadSnapshotProducts(jobId: string, db: Database | Transaction = getDb()): Promise<Product[]> {
  const rows = await db
    .select({ data: snapshotProducts.data })
    .from(snapshotProducts)
    .where(and(eq(snapshotProducts.jobId, jobId), isNull(snapshotProducts.goneAt)))
    .orderBy(asc(snapshotProducts.productId));

  return rows.map((row) => productSchema.parse(row.data));
}

/** Products per query when a snapshot is walked: a few MB of jsonb at a time, not the catalogue. */
export const SNAPSHOT_BATCH = 500;

/**
 * A job's snapshot in product-id order, one batch at a time (keyset pagination on the
 * primary key), so a 30,000-product catalogue is never held or parsed all at once.
 */
export async function* streamSnapshotProducts(
  jobId: string,
  db: Database | Transaction = getDb(),
  batchSize = SNAPSHOT_BATCH,
): AsyncGenerator<Product[]> {
  let after = -Infinity;
  for (;;) {
    const rows = await db
      .select({ productId: snapshotProducts.productId, data: snapshotProducts.data })
      .from(snapshotProducts)
      .where(
        and(
          eq(snapshotProducts.jobId, jobId),
          isNull(snapshotProducts.goneAt),
          Number.isFinite(after) ? gt(snapshotProducts.productId, after) : undefined,
        ),
      )
      .orderBy(asc(snapshotProducts.productId))
      .limit(batchSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.productId;
    yield rows.map((row) => productSchema.parse(row.data));
    if (rows.length < batchSize) return;
  }
}

/** One page of a job's snapshot in product-id order (an index range read of `limit` rows). */
export async function loadSnapshotProductPage(jobId: string, limit: number, offset: number): Promise<Product[]> {
  const rows = await getDb()
    .select({ data: snapshotProducts.data })
    .from(snapshotProducts)
    .where(and(eq(snapshotProducts.jobId, jobId), isNull(snapshotProducts.goneAt)))
    .orderBy(asc(snapshotProducts.productId))
    .limit(limit)
    .offset(offset);

  return rows.map((row) => productSchema.parse(row.data));
}
