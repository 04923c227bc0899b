import { and, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { Transaction } from "@/db";
import { jobs, users, type Job } from "@/db/schema";
import { grantJobCredit } from "@/lib/auth/job-credits";
import { CHEAP_RETURNS_PER_MONTH, chargeReturnFor } from "./charge-return";
import { failureClassOf, JOB_FAILURE_CLASSES, JOB_FAILURE_CODES } from "./failure-codes";
import { currentMonthWindow } from "./month-window";

const CHEAP_CODES = JOB_FAILURE_CODES.filter((code) => JOB_FAILURE_CLASSES[code] === "cheap");

/**
 * Gives a failed job's charge back when its failure's class allows it (charge-return.ts says what
 * comes back, failure-codes.ts which failures do), inside the transaction that moved it to
 * `failed`. That move is guarded on the job being active, so it happens once per job and this
 * runs once with it: a replayed failure finds the job ended and returns nothing twice, and a
 * crash rolls both back.
 */
export async function returnJobCharge(tx: Transaction, job: Job): Promise<Job> {
  const given = chargeReturnFor(job);
  if (!given) return job;
  const failure = failureClassOf(job.errorCode, job.step);
  if (failure === "costly") return job;
  const at = job.completedAt ?? new Date();
  // An x402 payer has no account to cap: each of its jobs was paid, and its free retry earns no other.
  if (failure === "cheap" && job.userId && (await cheapReturnsThisMonth(tx, job.userId, at)) >= CHEAP_RETURNS_PER_MONTH) return job;

  const [returned] = await tx.update(jobs).set({ chargeReturnedAt: at }).where(eq(jobs.id, job.id)).returning();
  if (given === "credit" && job.userId) await grantJobCredit(tx, job.userId);

  return returned!;
}

/**
 * Cheap failures of this account given back in the month of `at` (a cheap code given back is
 * always a cheap failure: one past the check is costly and never given back). The user's row is
 * locked first, as admission locks it, so two failures committing at once are counted one after
 * the other: the second waits for the first's commit and its count sees it.
 */
async function cheapReturnsThisMonth(tx: Transaction, userId: string, at: Date): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const { start, resetsAt } = currentMonthWindow(at);
  const [row] = await tx
    .select({ returned: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        gte(jobs.chargeReturnedAt, start),
        lt(jobs.chargeReturnedAt, resetsAt),
        inArray(jobs.errorCode, CHEAP_CODES),
      ),
    );

  return row?.returned ?? 0;
}
