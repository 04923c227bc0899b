import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { payments, type Job } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { createJob } from "@/lib/jobs/create-job";
import { logger } from "@/lib/log";

class AlreadyStarted extends Error {}

/**
 * Starts the job a paid single_report bought for its store, once: the payment row is locked
 * in the job's transaction and must still have no job. Safe to call on every webhook delivery.
 */
export async function startPaidReport(checkoutSessionId: string): Promise<Job | null> {
  const [payment] = await getDb().select().from(payments).where(eq(payments.stripeCheckoutSessionId, checkoutSessionId));
  if (!payment || payment.status !== "paid" || !payment.domain || payment.jobId) return null;

  try {
    return await createJob({
      domain: payment.domain,
      userId: payment.userId,
      paymentMethod: "single_report",
      concurrencyKey: payment.userId ? undefined : `checkout:${payment.id}`,
      charge: {
        async take(tx) {
          const [locked] = await tx.select({ jobId: payments.jobId }).from(payments).where(eq(payments.id, payment.id)).for("update");
          if (locked?.jobId) throw new AlreadyStarted();

          return { paymentMethod: "single_report", paymentRef: checkoutSessionId };
        },
        async link(tx, job) {
          await tx.update(payments).set({ jobId: job.id, updatedAt: new Date() }).where(eq(payments.id, payment.id));
        },
      },
    });
  } catch (error) {
    if (error instanceof AlreadyStarted) return null;
    if (error instanceof ApiError && error.code === "invalid_request") {
      // Checked when the session was created; a store that became invalid cannot be retried.
      logger.error("stripe: paid single_report has an invalid domain", { checkoutSessionId, domain: payment.domain });

      return null;
    }
    throw error;
  }
}
