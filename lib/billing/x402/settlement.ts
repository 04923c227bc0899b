import { encodePaymentResponseHeader } from "@x402/core/http";
import type { SettleResponse } from "@x402/core/types";
import { settleResponseHeader } from "x402/types";
import type { Job, x402Payments } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { configuredNetworkCaip2 } from "./requirements";

/** A settlement as both versions report it: the transaction, the payer, the network by its v1 name. */
export type Settled = { transaction: string; payer: string; network: string };

/**
 * A job a payment bought, and its settlement: null when nothing was settled (an account's plan,
 * a free retry). Each door hands the settlement over its own way: POST /api/jobs in its
 * response headers (`settlementHeaders`), an MCP tool call in its result's `_meta`
 * (lib/mcp/tool-payment.ts, `settlementResponse`).
 */
export type Paid = { job: Job; settlement: Settled | null };

/** The settlement as x402 v2 reports it (the network as CAIP-2). */
export function settlementResponse(settled: Settled): SettleResponse {
  return { success: true, transaction: settled.transaction, network: configuredNetworkCaip2(), payer: settled.payer };
}

/** The settlement in both versions' response headers, as a client of either reads its own. */
export function settlementHeaders(settled: Settled): Record<string, string> {
  const v1 = { success: true, transaction: settled.transaction, network: settled.network, payer: settled.payer } as Parameters<
    typeof settleResponseHeader
  >[0];

  return { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settlementResponse(settled)), "X-PAYMENT-RESPONSE": settleResponseHeader(v1) };
}

/**
 * A claim is followed by one settlement (at most X402_FACILITATOR_TIMEOUT_MS) and the write of its
 * outcome: a payment still `verified` twice that long after its claim, plus a minute, was left by
 * a process that died in between, and is resumed as a settlement of unknown outcome.
 */
export const abandonedBefore = () => new Date(Date.now() - 2 * getEnv().X402_FACILITATOR_TIMEOUT_MS - 60_000);

export const isAbandonedClaim = (payment: Pick<typeof x402Payments.$inferSelect, "claimedAt">) => payment.claimedAt < abandonedBefore();
