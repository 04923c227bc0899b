import type { x402Payments } from "@/db/schema";
import type { Admission } from "../admission/admit-job";
import type { Offer } from "./requirements";
import type { Settled } from "./settlement";

export type X402Payment = typeof x402Payments.$inferSelect;

/** A settled payment's admission: who paid, and the payment the thing bought is linked to. */
export type PaidAdmission = Extract<Admission, { payer: "x402" }>;

/** The free retry a verified authorization stands for, instead of being settled (docs/decisions.md §8.6). */
export type RetryAdmission = Extract<Admission, { payer: "retry" }>;

/**
 * What one x402 payment buys, for the one payment path (pay-with-x402.ts): a job (POST /api/jobs)
 * or a batch of jobs (POST /api/batches). The path verifies, claims, settles and resumes alike;
 * the purchase says what it costs, how it is admitted once paid, and how it is read again.
 */
export type Purchase<T> = {
  offer: Offer;
  /** In a refusal after settlement: "the job", "the batch". */
  noun: string;
  /** The id of what this payment row bought of this kind, or null (nothing yet). */
  boughtBy(payment: X402Payment): string | null;
  /** What was bought, as it is now; undefined when it is gone. */
  load(id: string): Promise<T | undefined>;
  /** Admits what a settled payment bought, linked to it in the admission's transaction, once ever. */
  admitPaid(admission: PaidAdmission): Promise<T>;
  /** A single job's store: a failed paid job of the same wallet for it may have earned a free retry. */
  freeRetry?: { domain: string; admit(admission: RetryAdmission): Promise<T> };
};

/** What a payment bought and its settlement: null when nothing was settled (a free retry). */
export type Bought<T> = { bought: T; settlement: Settled | null };

/** Whatever the payment bought, of either kind: a payment row spent on one is spent. */
export const spentOn = (payment: X402Payment): string | null => payment.jobId ?? payment.batchId;
