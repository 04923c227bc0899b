import { sql } from "drizzle-orm";
import { getDb, type Transaction } from "@/db";

/**
 * Runs `change` with the one permission the database grants past its refusal to touch a
 * completed report's content (migration 0013): a purge of that job. Tests use it to drop a
 * stored body or planted rows; production has only scripts/purge-report.ts.
 */
export function asPurgeOf<T>(jobId: string, change: (tx: Transaction) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('storelens.purge_report', ${jobId}, true)`);

    return change(tx);
  });
}
