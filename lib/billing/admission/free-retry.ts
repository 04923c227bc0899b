import { and, eq, gte, isNotNull, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "@/db";
import { jobs, x402Payments, type Job } from "@/db/schema";
import type { JobCharge } from "./job-charge";
import { FREE_RETRY_DAYS } from "@/lib/jobs/charge-return";

const retries = alias(jobs, "retries");

/** The free retry was taken meanwhile (a concurrent request of the same payer): this one pays. */
export class FreeRetryTaken extends Error {}

/**
 * A failed x402 job of this payer (its concurrency key, `x402:<wallet>`) for this domain whose
 * free retry is still open: its charge was returned less than FREE_RETRY_DAYS ago and no retry
 * of it exists yet (docs/decisions.md §8.6).
 */
export async function findFreeRetry(payerKey: string, domain: string, now = new Date()): Promise<Job | null> {
  const since = new Date(now.getTime() - FREE_RETRY_DAYS * 24 * 60 * 60 * 1000);
  const [failed] = await getDb()
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.concurrencyKey, payerKey),
        eq(jobs.domain, domain),
        eq(jobs.status, "failed"),
        eq(jobs.paymentMethod, "x402"),
        isNotNull(jobs.chargeReturnedAt),
        gte(jobs.chargeReturnedAt, since),
        notExists(
          getDb()
            .select()
            .from(retries)
            .where(and(eq(retries.retryOf, jobs.id), eq(retries.paymentMethod, "retry"))),
        ),
      ),
    )
    .orderBy(jobs.createdAt)
    .limit(1);

  return failed ?? null;
}

/**
 * The failed job's free retry pays: its row is locked and must still have no retry (the unique
 * index jobs_one_free_retry holds it too). `waivedPaymentId`: the x402 authorization that proved
 * the payer, verified and never settled, is linked to the retry so it cannot be sent again.
 */
export function chargeFreeRetry(failedJobId: string, waivedPaymentId?: string): JobCharge {
  return {
    async take(tx) {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, failedJobId)).for("update");
      const [taken] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.retryOf, failedJobId), eq(jobs.paymentMethod, "retry")))
        .limit(1);
      if (taken) throw new FreeRetryTaken();

      return { paymentMethod: "retry", paymentRef: failedJobId };
    },
    async link(tx, job) {
      if (waivedPaymentId) await tx.update(x402Payments).set({ jobId: job.id }).where(eq(x402Payments.id, waivedPaymentId));
    },
  };
}
