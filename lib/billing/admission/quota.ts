import type { Database, Transaction } from "@/db";
import { getEnv } from "@/lib/env";
import { countChargedJobs } from "@/lib/jobs/count-charged-jobs";
import { currentMonthWindow } from "@/lib/jobs/month-window";

/** How a Free-plan job is recorded in jobs.payment_method (what the monthly quota counts). */
export const FREE_PLAN_METHOD = "plan";

export type FreeUsage = { used: number; limit: number; resetsAt: Date };

/**
 * Free-plan jobs of a user this calendar month (UTC). Retries by an admin and paid jobs are not
 * counted, nor failed jobs, whose charge their failure gave back (lib/jobs/return-job-charge.ts).
 */
export async function getFreeUsage(db: Database | Transaction, userId: string, now = new Date()): Promise<FreeUsage> {
  const { start, resetsAt } = currentMonthWindow(now);
  const used = await countChargedJobs(db, { userId, paymentMethod: FREE_PLAN_METHOD, since: start });

  return { used, limit: getEnv().FREE_JOBS_PER_MONTH, resetsAt };
}
