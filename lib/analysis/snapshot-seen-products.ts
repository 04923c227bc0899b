import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";
import type { SeenProducts } from "@/lib/shopify/seen-products";

/** What a job's product crawl already delivered, read from its snapshot (not from step state). */
export function snapshotSeenProducts(jobId: string): SeenProducts {
  /** The values of `column` not yet in the job's snapshot, in their order. */
  async function unseen<K extends "productId" | "handle">(column: K, values: (typeof snapshotProducts.$inferSelect)[K][]) {
    if (values.length === 0) return [];
    const rows = await getDb()
      .select({ value: snapshotProducts[column] })
      .from(snapshotProducts)
      .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts[column], values)));
    const seen = new Set<unknown>(rows.map((row) => row.value));

    return values.filter((value) => !seen.has(value));
  }

  return {
    filterNewIds: (ids) => unseen("productId", ids),
    filterNewHandles: (handles) => unseen("handle", handles),
    async findUnlisted(listed) {
      const rows = await getDb()
        .select({ id: snapshotProducts.productId, handle: snapshotProducts.handle })
        .from(snapshotProducts)
        .where(and(eq(snapshotProducts.jobId, jobId), isNull(snapshotProducts.goneAt)));

      return rows.filter((row) => !listed.has(row.handle));
    },
    async markGone(ids) {
      if (ids.length === 0) return;
      await getDb()
        .update(snapshotProducts)
        .set({ goneAt: new Date() })
        .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts.productId, ids)));
    },
  };
}
