import { and, eq, isNull, sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { payments, trackedStores, x402Payments } from "@/db/schema";
import type { JobCharge } from "./job-charge";

/** A settled x402 payment pays for the job, linked to it in the job's transaction (once, ever). */
export function chargeX402Payment(paymentId: string, paymentRef: string): JobCharge {
  return {
    take: async () => ({ paymentMethod: "x402", paymentRef }),
    async link(tx, created) {
      const linked = await tx
        .update(x402Payments)
        .set({ jobId: created.id })
        .where(and(eq(x402Payments.id, paymentId), isNull(x402Payments.jobId), isNull(x402Payments.batchId)))
        .returning({ id: x402Payments.id });
      // Loaded here, not at the top: the x402 packages are tens of MB a server without paying
      // callers never needs, and every job admission imports this module.
      if (linked.length === 0) throw (await import("../x402/requirements")).paymentAlreadyUsed();
    },
  };
}

/**
 * A settled x402 payment pays for a whole batch (POST /api/batches): linked to it in the batch's
 * transaction, once, ever, and only if it bought nothing else (one payment, one purchase).
 */
export async function chargeX402Batch(tx: Transaction, paymentId: string, batchId: string): Promise<void> {
  const linked = await tx
    .update(x402Payments)
    .set({ batchId })
    .where(and(eq(x402Payments.id, paymentId), isNull(x402Payments.jobId), isNull(x402Payments.batchId)))
    .returning({ id: x402Payments.id });
  if (linked.length === 0) throw (await import("../x402/requirements")).paymentAlreadyUsed();
}

/** The paid single_report checkout already has its job (a repeated webhook delivery). */
export class CheckoutAlreadyStarted extends Error {}

/** A paid single_report checkout pays for its store's job: the payment row is locked and must still have none. */
export function chargeCheckout(paymentId: string, checkoutSessionId: string): JobCharge {
  return {
    async take(tx) {
      const [locked] = await tx.select({ jobId: payments.jobId }).from(payments).where(eq(payments.id, paymentId)).for("update");
      if (locked?.jobId) throw new CheckoutAlreadyStarted();

      return { paymentMethod: "single_report", paymentRef: checkoutSessionId };
    },
    async link(tx, job) {
      await tx.update(payments).set({ jobId: job.id, updatedAt: new Date() }).where(eq(payments.id, paymentId));
    },
  };
}

/** Nobody tracks the store any more: the monitor's job is not admitted. */
export class StoreNotTracked extends Error {}

/**
 * The system pays for the daily monitor, but only for a store someone tracks: checked on the
 * store the job was filed under, in its transaction, so a store untracked since the tick gets none.
 */
export function chargeMonitor(): JobCharge {
  return {
    take: async () => ({ paymentMethod: "monitor" }),
    async link(tx: Transaction, job) {
      const [tracked] = await tx
        .select({ one: sql`1` })
        .from(trackedStores)
        .where(eq(trackedStores.storeId, job.storeId))
        .limit(1);
      if (!tracked) throw new StoreNotTracked(`nobody tracks ${job.domain}`);
    },
  };
}
