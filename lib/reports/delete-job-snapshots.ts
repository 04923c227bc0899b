import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { jobArtifacts, snapshotProducts, snapshotUsage } from "@/db/schema";

/** Drops the product snapshots and step artifacts of jobs (old, or failed mid-way), inside the caller's transaction. */
export async function deleteJobSnapshots(tx: DbOrTx, jobIds: string[]): Promise<void> {
  await tx.delete(snapshotProducts).where(inArray(snapshotProducts.jobId, jobIds));
  await tx.delete(jobArtifacts).where(inArray(jobArtifacts.jobId, jobIds));
  await tx.delete(snapshotUsage).where(inArray(snapshotUsage.jobId, jobIds));
}
