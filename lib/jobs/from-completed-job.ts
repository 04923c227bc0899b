import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { jobs } from "@/db/schema";

/**
 * A filter keeping the rows whose job has completed. A job writes its changelog, inventory
 * events and sale signals batch by batch before the short transaction that completes it
 * (docs/decisions.md §6.4), so a reader of those tables by store or by date sees a job's rows
 * all at once, when the job completes, and never a failed job's.
 */
export function fromCompletedJob(jobId: AnyColumn): SQL {
  return sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobId} and ${jobs.status} = 'completed')`;
}
