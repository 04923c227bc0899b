import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { jobArtifacts, snapshotProducts } from "@/db/schema";

/** Drops the product snapshots and step artifacts of old jobs, inside the caller's transaction. */
export async function deleteJobSnapshots(tx: DbOrTx, jobIds: string[]): Promise<void> {
  await tx.delete(snapshotProducts).where(inArray(snapshotProducts.jobId, jobIds));
  await tx.delete(jobArtifacts).where(inArray(jobArtifacts.jobId, jobIds));
}
