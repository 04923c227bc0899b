import { desc, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { snapshotProducts } from "@/db/schema";
import { completedJobsSince } from "@/lib/jobs/list-completed-jobs";
import type { StoreSnapshots } from "./schemas";

/**
 * The store's completed snapshots since `since`, newest first, each saying whether Compare can
 * still read it: cleanup removes old snapshots' products (a snapshot of an empty catalog
 * never had any, and stays comparable).
 */
export async function listStoreSnapshots(storeId: string, since: Date): Promise<StoreSnapshots> {
  const completed = completedJobsSince(storeId, since);
  const rows = await getDb()
    .select({
      id: completed.id,
      completedAt: completed.completedAt,
      products: completed.products,
      kept: sql<boolean>`exists (select 1 from ${snapshotProducts} where ${snapshotProducts.jobId} = ${completed.id})`,
    })
    .from(completed)
    .orderBy(desc(completed.completedAt));

  return rows.map((row) => ({
    job_id: row.id,
    completed_at: row.completedAt!.toISOString(),
    products: row.products,
    comparable: row.kept || (row.products ?? 0) === 0,
  }));
}
