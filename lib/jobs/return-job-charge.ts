import { eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { grantJobCredit } from "@/lib/auth/job-credits";
import { chargeReturnFor } from "./charge-return";

/**
 * Gives a failed job's charge back (charge-return.ts says what), inside the transaction that
 * moved it to `failed`. That move is guarded on the job being active, so it happens once per
 * job and this runs once with it: a replayed failure finds the job ended and returns nothing
 * twice, and a crash rolls both back.
 */
export async function returnJobCharge(tx: Transaction, job: Job): Promise<Job> {
  const given = chargeReturnFor(job);
  if (!given) return job;
  const [returned] = await tx
    .update(jobs)
    .set({ chargeReturnedAt: job.completedAt ?? new Date() })
    .where(eq(jobs.id, job.id))
    .returning();
  if (given === "credit" && job.userId) await grantJobCredit(tx, job.userId);

  return returned!;
}
