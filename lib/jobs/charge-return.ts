// Free of runtime imports on purpose: job messages, which the browser parses, name it too.
import type { Job } from "@/db/schema";

/**
 * What a failed job gives back, by what paid for it (docs/decisions.md §8.6): the Free quota
 * stops counting it, a spent credit is granted again, a card bought signed in becomes a credit,
 * and an x402 payment earns one free retry of its store by the same wallet. Pro, admin retries,
 * the monitor and free retries themselves cost the payer nothing, so nothing is returned; a card
 * bought without an account has nobody to return a credit to (a known gap, docs/payments.md).
 */
export type ChargeReturn = "quota" | "credit" | "free_retry";

/** How long a failed paid job's free retry stays open. */
export const FREE_RETRY_DAYS = 7;

/** What a failure of this job gives back (null: nothing to give). */
export function chargeReturnFor(job: Pick<Job, "paymentMethod" | "userId">): ChargeReturn | null {
  switch (job.paymentMethod) {
    case "plan":
      return "quota";
    case "credit":
      return "credit";
    case "single_report":
      return job.userId ? "credit" : null;
    case "x402":
      return "free_retry";
    default:
      return null;
  }
}

/** What the failed job gave back, read from its row (null when nothing was returned). */
export function chargeReturnOf(job: Pick<Job, "paymentMethod" | "userId" | "chargeReturnedAt">): ChargeReturn | null {
  return job.chargeReturnedAt ? chargeReturnFor(job) : null;
}
