import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";

/** Marks products of a job's snapshot as gone from the store's listing (the crawl found them unlisted). */
export async function markSnapshotProductsGone(jobId: string, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await getDb()
    .update(snapshotProducts)
    .set({ goneAt: new Date() })
    .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts.productId, productIds)));
}
