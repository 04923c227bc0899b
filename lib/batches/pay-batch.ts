import { eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/db";
import { batches } from "@/db/schema";
import type { X402PaymentSent } from "@/lib/auth/principal";
import { admitBatch } from "@/lib/billing/admission/admit-job";
import { payWithX402 } from "@/lib/billing/x402/pay-with-x402";
import type { Bought, Purchase } from "@/lib/billing/x402/purchase";
import { paymentRequired } from "@/lib/billing/x402/requirements";
import { batchOffer } from "./batch-offer";

/**
 * A checked list of stores as one x402 payment buys it (docs/batches.md › Paying with x402): priced
 * once, a job's price times its stores; the batch (no owner) and all its jobs admitted after the
 * one settlement, linked to that payment. Read back by its id, as an x402 job is.
 */
function batchPurchase(domains: string[], webhookUrl: string | undefined): Purchase<string> {
  return {
    offer: batchOffer(domains.length),
    noun: "the batch",
    boughtBy: (payment) => payment.batchId,
    load: async (id) => (await getDb().select({ id: batches.id }).from(batches).where(eq(batches.id, id)).limit(1))[0]?.id,
    admitPaid: async (admission) => {
      const openBatch = async (tx: Transaction) => {
        const [row] = await tx.insert(batches).values({ userId: null, webhookUrl, total: domains.length }).returning({ id: batches.id });

        return row!.id;
      };

      return (
        await admitBatch(
          { ...admission, openBatch },
          domains.map((domain) => ({ domain })),
        )
      ).batchId;
    },
  };
}

/** POST /api/batches paid by an x402 payment for exactly this list's price (the one payment path, pay-with-x402.ts). */
export function payBatchWithX402(payment: X402PaymentSent, domains: string[], webhookUrl: string | undefined): Promise<Bought<string>> {
  return payWithX402(payment, batchPurchase(domains, webhookUrl));
}

/** The 402 of a list sent without credentials: the x402 offer for its stores (a 401 when x402 is off). */
export const batchPaymentRequired = (stores: number) =>
  paymentRequired(
    `Payment required: send an API key or a session, or an x402 payment of ${stores} × a job's price for this list (PAYMENT-SIGNATURE for v2, X-PAYMENT for v1)`,
    {},
    batchOffer(stores),
  );
