import type { DbOrTx } from "@/db";
import { reports } from "@/db/schema";
import type { ReportStoreFacts } from "./schemas";

/**
 * Inserts a job's report row, inside the caller's transaction (the one that completes the job),
 * with the facts about its store that every body of it shows (docs/decisions.md §5.2).
 */
export async function recordReport(tx: DbOrTx, report: typeof reports.$inferInsert & { storeFacts: ReportStoreFacts }): Promise<void> {
  await tx.insert(reports).values(report);
}
