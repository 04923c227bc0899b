import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { deleteInBatches } from "@/db/delete-in-batches";
import { jobArtifacts, snapshotProducts, snapshotUsage } from "@/db/schema";

/**
 * Drops the product snapshots and step artifacts of jobs (old, or failed mid-way), a batch of
 * rows per statement: one DELETE of a 30,000-product snapshot held embedded PGlite, and every
 * request waiting on it, for seconds. Interrupted, it leaves fewer rows of the same jobs, and
 * running it again finishes the work.
 */
export async function deleteJobSnapshots(db: DbOrTx, jobIds: string[]): Promise<void> {
  // The small rows first, the products last: once a job has no product rows, nothing else of
  // its snapshot is left (what cleanup's selection and a failed job's drop are checked by).
  await deleteInBatches(db, jobArtifacts, inArray(jobArtifacts.jobId, jobIds));
  await db.delete(snapshotUsage).where(inArray(snapshotUsage.jobId, jobIds));
  await deleteInBatches(db, snapshotProducts, inArray(snapshotProducts.jobId, jobIds));
}
