import { getDb } from "@/db";
import { clearJobInventory } from "@/lib/inventory/clear-job-inventory";
import { clearJobChangelog } from "@/lib/changelog/clear-job-changelog";

/** The rows a job's report build derives (inventory levels, events, sale signals, changelog), gone, a batch at a time. */
export async function clearDerivedRows(jobId: string): Promise<void> {
  await clearJobInventory(getDb(), jobId);
  await clearJobChangelog(getDb(), jobId);
}
