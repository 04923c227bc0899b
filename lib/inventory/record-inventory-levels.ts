import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

export type InventoryLevelRow = { productId: number; variantId: number; quantity: number | null; available: boolean | null };

/**
 * One batch of a job's inventory levels, inside the caller's transaction. One jsonb parameter
 * per statement: building a 1,000-row INSERT value by value through the query builder costs
 * more event-loop time than the database takes to write it.
 */
export async function recordInventoryLevels(
  tx: DbOrTx,
  job: { jobId: string; storeId: string; at: Date },
  levels: InventoryLevelRow[],
): Promise<void> {
  if (levels.length === 0) return;
  await tx.execute(sql`
      insert into inventory_levels (job_id, store_id, product_id, variant_id, quantity, available, recorded_at)
      select ${job.jobId}::uuid, ${job.storeId}::uuid, r.product_id, r.variant_id, r.quantity, r.available, ${job.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(levels.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: l.quantity, available: l.available })))}::jsonb)
        as r(product_id bigint, variant_id bigint, quantity integer, available boolean)`);
}
