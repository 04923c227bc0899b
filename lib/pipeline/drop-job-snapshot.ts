import { getDb } from "@/db";
import { deleteJobSnapshots } from "@/lib/reports/delete-job-snapshots";

/**
 * Drops what a failed job stored on its way (snapshot rows, step artifacts), so a job ended for
 * its size or for lack of space gives the space back now rather than at the next cleanup.
 */
export async function dropJobSnapshot(jobId: string): Promise<void> {
  await getDb().transaction((tx) => deleteJobSnapshots(tx, [jobId]));
}
