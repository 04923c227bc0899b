// Free of runtime imports on purpose: job messages, which the browser parses, name it too.
import type { Job } from "@/db/schema";

/**
 * What a failed job gives back, by what paid for it (docs/decisions.md §8.6): the Free quota
 * stops counting it, a spent credit is granted again, a card bought signed in becomes a credit,
 * and a paid one-off without an account earns one free retry of its store. Pro, admin retries,
 * the monitor and free retries themselves cost the payer nothing, so nothing is returned.
 */
export type ChargeReturn = "quota" | "credit" | "free_retry";

/** How long a failed paid job's free retry stays open. */
export const FREE_RETRY_DAYS = 7;

/** The payment methods a failure gives something back for. */
export const RETURNED_PAYMENT_METHODS: ReadonlySet<string> = new Set(["plan", "credit", "single_report", "x402"]);

/** What the failed job gave back, read from its row (null when nothing was returned). */
export function chargeReturnOf(job: Pick<Job, "paymentMethod" | "userId" | "chargeReturnedAt">): ChargeReturn | null {
  if (!job.chargeReturnedAt) return null;
  switch (job.paymentMethod) {
    case "plan":
      return "quota";
    case "credit":
      return "credit";
    case "single_report":
      return job.userId ? "credit" : "free_retry";
    case "x402":
      return "free_retry";
    default:
      return null;
  }
}
