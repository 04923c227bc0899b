import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";
import { yieldWhenBusy } from "@/lib/loop-share";
import { productSchema, type Product } from "@/lib/shopify-reader/schemas";

/** Products read per query: memory stays at one batch however big the catalog is. */
export const EXPORT_BATCH_SIZE = 500;
/**
 * The products of a job's snapshot in primary-key order, one keyset-paginated batch at a
 * time, fetched only when the consumer asks for more (a slow download holds one batch).
 */
export async function* readExportProducts(jobId: string, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<Product> {
  let after = -1;
  for (;;) {
    const rows = await getDb()
      .select({ productId: snapshotProducts.productId, data: snapshotProducts.data })
      .from(snapshotProducts)
      .where(and(eq(snapshotProducts.jobId, jobId), gt(snapshotProducts.productId, after), isNull(snapshotProducts.goneAt)))
      .orderBy(asc(snapshotProducts.productId))
      .limit(batchSize);
    for (const row of rows) {
      // Parsing and writing a product out is sub-millisecond, but a consumer that never pushes
      // back would run a whole batch in one turn of the event loop: other requests get theirs.
      await yieldWhenBusy();
      yield productSchema.parse(row.data);
    }
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.productId;
  }
}
