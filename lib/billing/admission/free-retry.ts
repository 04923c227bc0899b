import { and, eq, gte, inArray, isNotNull, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "@/db";
import { jobs, x402Payments, type Job } from "@/db/schema";
import type { JobCharge } from "./job-charge";
import { FREE_RETRY_DAYS } from "@/lib/jobs/charge-return";

const retries = alias(jobs, "retries");

/** An x402 payer's jobs' concurrency key: its wallet, whichever version or door its payments came by. */
export const payerKey = (wallet: string) => `x402:${wallet.toLowerCase()}`;

/** The concurrency key of a batch an x402 payer bought: its own slots, beside the payer's single jobs (docs/batches.md). */
export const batchPayerKey = (wallet: string) => `batch:${payerKey(wallet)}`;

/** The free retry was taken meanwhile (a concurrent request of the same payer): this one pays. */
export class FreeRetryTaken extends Error {}

/**
 * A failed x402 job of this payer (its concurrency key, `x402:<wallet>`, or `batch:x402:<wallet>`
 * for a store of a batch it paid) for this domain whose free retry is still open: its charge was
 * returned less than FREE_RETRY_DAYS ago and no retry of it exists yet (docs/decisions.md §8.6).
 */
export async function findFreeRetry(payerKey: string, domain: string, now = new Date()): Promise<Job | null> {
  const since = new Date(now.getTime() - FREE_RETRY_DAYS * 24 * 60 * 60 * 1000);
  const [failed] = await getDb()
    .select()
    .from(jobs)
    .where(
      and(
        inArray(jobs.concurrencyKey, [payerKey, `batch:${payerKey}`]),
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
