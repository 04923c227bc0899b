import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { deleteInBatches } from "@/db/delete-in-batches";
import { changelogEntries } from "@/db/schema";

/** Drops the changelog rows one job wrote, a batch at a time (an interrupted report build's). */
export async function clearJobChangelog(db: DbOrTx, jobId: string): Promise<void> {
  await deleteInBatches(db, changelogEntries, eq(changelogEntries.jobId, jobId));
}
