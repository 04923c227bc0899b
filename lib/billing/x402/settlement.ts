import { encodePaymentResponseHeader } from "@x402/core/http";
import { settleResponseHeader } from "x402/types";
import type { Job, x402Payments } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { configuredNetworkCaip2 } from "./requirements";

/** A job an x402 payment bought, with the headers of the answer that hands it over. */
export type Paid = { job: Job; headers: Record<string, string> };

/** A settlement as both versions report it: the transaction, the payer, the network by its v1 name. */
export type Settled = { transaction: string; payer: string; network: string };

/** The settlement in both versions' response headers, as a client of either reads its own. */
export function settlementHeaders(settled: Settled): Record<string, string> {
  const v1 = { success: true, transaction: settled.transaction, network: settled.network, payer: settled.payer } as Parameters<
    typeof settleResponseHeader
  >[0];
  const v2 = { success: true, transaction: settled.transaction, network: configuredNetworkCaip2(), payer: settled.payer };

  return { "PAYMENT-RESPONSE": encodePaymentResponseHeader(v2), "X-PAYMENT-RESPONSE": settleResponseHeader(v1) };
}

/**
 * A claim is followed by one settlement (at most X402_FACILITATOR_TIMEOUT_MS) and the write of its
 * outcome: a payment still `verified` twice that long after its claim, plus a minute, was left by
 * a process that died in between, and is resumed as a settlement of unknown outcome.
 */
export const abandonedBefore = () => new Date(Date.now() - 2 * getEnv().X402_FACILITATOR_TIMEOUT_MS - 60_000);

export const isAbandonedClaim = (payment: Pick<typeof x402Payments.$inferSelect, "claimedAt">) => payment.claimedAt < abandonedBefore();
