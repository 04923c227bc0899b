import { and, desc, eq, gte, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, snapshotProducts } from "@/db/schema";
import type { StoreSnapshots } from "./schemas";

/**
 * The store's completed snapshots since `since`, newest first, each saying whether Compare can
 * still read it: cleanup removes old snapshots' products (a snapshot of an empty catalogue
 * never had any, and stays comparable).
 */
export async function listStoreSnapshots(storeId: string, since: Date): Promise<StoreSnapshots> {
  const rows = await getDb()
    .select({
      id: jobs.id,
      completedAt: jobs.completedAt,
      products: sql<number | null>`(${jobs.counts} ->> 'products')::int`,
      kept: sql<boolean>`exists (select 1 from ${snapshotProducts} where ${snapshotProducts.jobId} = ${jobs.id})`,
    })
    .from(jobs)
    .where(and(eq(jobs.storeId, storeId), eq(jobs.status, "completed"), gte(jobs.completedAt, since)))
    .orderBy(desc(jobs.completedAt));

  return rows.map((row) => ({
    job_id: row.id,
    completed_at: row.completedAt!.toISOString(),
    products: row.products,
    comparable: row.kept || (row.products ?? 0) === 0,
  }));
}
