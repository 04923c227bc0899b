import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { snapshotProducts } from "@/db/schema";
import { yieldWhenBusy } from "@/lib/loop-share";
import { productSchema, type Product } from "@/lib/shopify-reader/schemas";
import { countJobStorage } from "./job-storage-budget";
import { snapshotListingColumns } from "./snapshot-listing-columns";

export { SnapshotWriteRefused } from "./job-storage-budget";

/**
 * Rows per insert statement. Embedded PGlite runs each statement on the server's thread, and a
 * page of 250 real-sized products (~750 KB of JSON) took 40–80 ms to store on a quiet machine and
 * well past 100 ms under load: a third of a page per statement keeps each pause of the event
 * loop, and each wait of another request for the database, near a few tens of milliseconds.
 */
const INSERT_BATCH = 100;

/** A batch of rows as one jsonb document: one parameter instead of twelve per row to build and bind. */
function rowsDocument(products: Product[]): string {
  return JSON.stringify(
    products.map((product) => {
      const columns = snapshotListingColumns(product);

      return {
        product_id: product.id,
        handle: product.handle,
        title: product.title,
        data: product,
        title_key: columns.titleKey,
        vendor_key: columns.vendorKey,
        type_key: columns.typeKey,
        price_min: columns.priceMin,
        price_max: columns.priceMax,
        variant_count: columns.variantCount,
        search_text: columns.searchText,
      };
    }),
  );
}

/**
 * Adds products to a job's snapshot. Idempotent: a retried or resumed step writes the same
 * rows again, and a product met twice (listing, collection, sitemap) is kept once. Each batch
 * is counted against the job's storage budget (JOB_STORAGE_BUDGET_MB) in the transaction that
 * writes it, before it is written: a batch that would pass the budget, or that arrives after the
 * job ended, is refused whole (SnapshotWriteRefused) and nothing of it is stored. A row written
 * again counts again: the budget may be reached early, never passed.
 */
export async function saveSnapshotProducts(jobId: string, products: Product[]): Promise<void> {
  for (let i = 0; i < products.length; i += INSERT_BATCH) {
    const batch = products.slice(i, i + INSERT_BATCH);
    // One row per product id: PostgreSQL refuses an upsert that touches a row twice.
    const document = rowsDocument([...new Map(batch.map((product) => [product.id, product])).values()]);
    const bytes = Buffer.byteLength(document);
    await getDb().transaction(async (tx) => {
      await countJobStorage(tx, jobId, bytes);
      await insertRows(tx, jobId, document);
    });
  }
}

async function insertRows(tx: Transaction, jobId: string, document: string): Promise<void> {
  await tx.execute(sql`
    insert into ${snapshotProducts} (job_id, product_id, handle, title, data, title_key, vendor_key, type_key, price_min, price_max, variant_count, search_text)
    select ${jobId}::uuid, r.product_id, r.handle, r.title, r.data, r.title_key, r.vendor_key, r.type_key, r.price_min, r.price_max, r.variant_count, r.search_text
    from jsonb_to_recordset(${document}::jsonb) as r(
      product_id bigint, handle text, title text, data jsonb, title_key text, vendor_key text, type_key text,
      price_min numeric, price_max numeric, variant_count integer, search_text text
    )
    on conflict (job_id, product_id) do update set
      handle = excluded.handle, title = excluded.title, data = excluded.data, title_key = excluded.title_key,
      vendor_key = excluded.vendor_key, type_key = excluded.type_key, price_min = excluded.price_min,
      price_max = excluded.price_max, variant_count = excluded.variant_count, search_text = excluded.search_text
  `);
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

/** Products per query when a snapshot is walked: a few MB of jsonb at a time, not the catalog. */
export const SNAPSHOT_BATCH = 500;

/**
 * A job's snapshot in product-id order, one batch at a time (keyset pagination on the
 * primary key), so a 30,000-product catalog is never held or parsed all at once.
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
    const products: Product[] = [];
    for (const row of rows) {
      // Validating a batch at once held the event loop for tens of milliseconds (more on a busy
      // machine) while a large report's body was built: other requests get a turn in between.
      await yieldWhenBusy();
      products.push(productSchema.parse(row.data));
    }
    yield products;
    if (rows.length < batchSize) return;
  }
}
