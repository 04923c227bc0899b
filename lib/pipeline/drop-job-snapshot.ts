import { getDb } from "@/db";
import { deleteJobSnapshots } from "@/lib/snapshots/delete-job-snapshots";
import { clearDerivedRows } from "./clear-derived-rows";

/**
 * Drops what a failed job stored on its way (snapshot rows, step artifacts, and the rows a
 * report build it never finished derived), so a job ended for its size or for lack of space
 * gives the space back now rather than at the next cleanup.
 */
export async function dropJobSnapshot(jobId: string): Promise<void> {
  await deleteJobSnapshots(getDb(), [jobId]);
  await clearDerivedRows(jobId);
}
