import { eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { jobs, type Job } from "@/db/schema";

/**
 * The job's row, locked until `tx` ends: `update` for work that must not overlap a change of the
 * job (building its report), `share` for a write beside it that must not cross its end (failJob
 * waits for it, or it sees the job ended). Null when there is no such job.
 */
export async function lockJob(tx: Transaction, jobId: string, strength: "update" | "share"): Promise<Job | null> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for(strength);

  return job ?? null;
}
