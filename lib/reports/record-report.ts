import type { DbOrTx } from "@/db";
import { reports } from "@/db/schema";

/** Inserts a job's report row, inside the caller's transaction (the one that completes the job). */
export async function recordReport(tx: DbOrTx, report: typeof reports.$inferInsert): Promise<void> {
  await tx.insert(reports).values(report);
}
