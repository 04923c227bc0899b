import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { payments, type Job } from "@/db/schema";
import { admitJob } from "../admission/admit-job";
import { CheckoutAlreadyStarted } from "../admission/job-charges";

/**
 * Starts the job a paid single_report bought for its store, once: the payment row is locked
 * in the job's transaction and must still have no job. Safe to call on every webhook delivery.
 * An admission that fails for now (storage_low, the database away) throws: the webhook answers
 * 5xx, Stripe delivers the event again, and every delivery, a duplicate too, tries again until
 * the job exists (docs/decisions.md §8.4). The store's slug never refuses it (§6.2), nor its
 * domain: normalized when the session was created (create-checkout-session.ts).
 */
export async function startPaidReport(checkoutSessionId: string): Promise<Job | null> {
  const [payment] = await getDb().select().from(payments).where(eq(payments.stripeCheckoutSessionId, checkoutSessionId));
  if (!payment || payment.status !== "paid" || !payment.domain || payment.jobId) return null;

  try {
    return await admitJob(
      { payer: "checkout", paymentId: payment.id, checkoutSessionId, userId: payment.userId },
      { domain: payment.domain },
    );
  } catch (error) {
    if (error instanceof CheckoutAlreadyStarted) return null;
    throw error;
  }
}
