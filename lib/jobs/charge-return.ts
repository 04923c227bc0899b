// Free of runtime imports but the dependency-free failure codes on purpose: job messages, which
// the browser parses, name it too.
import type { Job } from "@/db/schema";
import { failureClassOf } from "./failure-codes";

/**
 * What a failed job gives back, by what paid for it (docs/decisions.md §8.6): the Free quota
 * stops counting it, a spent credit is granted again, a card bought signed in becomes a credit,
 * and an x402 payment earns one free retry of its store by the same wallet. Pro, admin retries,
 * the monitor and free retries themselves cost the payer nothing, so nothing is returned; a card
 * bought without an account has nobody to return a credit to (a known gap, docs/payments.md).
 */
export type ChargeReturn = "quota" | "credit" | "free_retry";

export const CHARGE_RETURNS = ["quota", "credit", "free_retry"] as const satisfies readonly ChargeReturn[];

/**
 * Why a failed job's charge came back or not, by its failure's class (lib/jobs/failure-codes.ts):
 * `our_failure` and `cheap_failure` were given back; `monthly_cap_reached` was cheap, but the
 * account had had CHEAP_RETURNS_PER_MONTH cheap failures given back that month already;
 * `costly_failure` is never given back.
 */
export const CHARGE_RETURN_REASONS = ["our_failure", "cheap_failure", "monthly_cap_reached", "costly_failure"] as const;
export type ChargeReturnReason = (typeof CHARGE_RETURN_REASONS)[number];

/**
 * Cheap failures given back per account and calendar month (UTC), counted when they are given
 * back. A Free account gets at most this many analyses more than its quota from stores that
 * turn them away; a credit or a card report counts the same. Failures of ours are not counted.
 */
export const CHEAP_RETURNS_PER_MONTH = 3;

/** How long a failed paid job's free retry stays open. */
export const FREE_RETRY_DAYS = 7;

/** What a failure of this job would give back to its payer (null: nothing paid, or nobody to give it to). */
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

type FailedCharge = Pick<Job, "status" | "paymentMethod" | "userId" | "chargeReturnedAt" | "errorCode" | "step">;

/**
 * Why the failed job's charge came back or not, read from its row: its class is fixed by its
 * code and the step it failed in, so the row says it for good (null: not failed, or nothing was
 * charged that a failure could give back).
 */
export function chargeReturnReasonOf(job: FailedCharge): ChargeReturnReason | null {
  if (job.status !== "failed" || !chargeReturnFor(job)) return null;
  const failure = failureClassOf(job.errorCode, job.step);
  if (job.chargeReturnedAt) return failure === "ours" ? "our_failure" : "cheap_failure";
  if (failure === "cheap") return "monthly_cap_reached";

  return failure === "costly" ? "costly_failure" : null;
}
