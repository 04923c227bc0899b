import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";
import type { SeenProducts } from "@/lib/shopify/seen-products";

/** What a job's product crawl already delivered, read from its snapshot (not from step state). */
export function snapshotSeenProducts(jobId: string): SeenProducts {
  return {
    async filterNewIds(ids) {
      if (ids.length === 0) return [];
      const rows = await getDb()
        .select({ id: snapshotProducts.productId })
        .from(snapshotProducts)
        .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts.productId, ids)));
      const seen = new Set(rows.map((row) => row.id));

      return ids.filter((id) => !seen.has(id));
    },
    async filterNewHandles(handles) {
      if (handles.length === 0) return [];
      const rows = await getDb()
        .select({ handle: snapshotProducts.handle })
        .from(snapshotProducts)
        .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts.handle, handles)));
      const seen = new Set(rows.map((row) => row.handle));

      return handles.filter((handle) => !seen.has(handle));
    },
  };
}
