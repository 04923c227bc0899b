import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";
import { markSnapshotProductsGone } from "@/lib/snapshots/mark-snapshot-products-gone";
import type { SeenProducts } from "@/lib/shopify-reader/seen-products";

const LOOKUP_CHUNK = 1000;

/** What a job's product crawl already delivered, read from its snapshot (not from step state). */
export function snapshotSeenProducts(jobId: string): SeenProducts {
  /**
   * The values of `column` not yet in the job's snapshot, in their order. Asked in chunks: a
   * sitemap's 5,000 handles in one statement held embedded PGlite (and the loop) for ~100 ms.
   */
  async function unseen<K extends "productId" | "handle">(column: K, values: (typeof snapshotProducts.$inferSelect)[K][]) {
    const seen = new Set<unknown>();
    for (let i = 0; i < values.length; i += LOOKUP_CHUNK) {
      const rows = await getDb()
        .select({ value: snapshotProducts[column] })
        .from(snapshotProducts)
        .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts[column], values.slice(i, i + LOOKUP_CHUNK))));
      for (const row of rows) seen.add(row.value);
    }

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
    markGone: (ids) => markSnapshotProductsGone(jobId, ids),
  };
}
