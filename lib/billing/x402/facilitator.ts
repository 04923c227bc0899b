import { HTTPFacilitatorClient } from "@x402/core/http";
import { SettleError, VerifyError } from "@x402/core/types";
import { SettleError as SettleErrorV1 } from "x402/types";
import { useFacilitator } from "x402/verify";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import type { PaymentProof } from "./proof";

const DEFAULT_FACILITATOR_URL = "https://x402.org/facilitator";

export type Verdict = { isValid: boolean; invalidReason?: string };
type Settlement = { success: boolean; errorReason?: string; transaction: string; payer?: string };

/**
 * What became of a settlement: made, refused by the facilitator (nothing moved), or unknown:
 * no answer came (a timeout, a dropped connection, a 5xx without a verdict), so the transfer
 * may have happened and the payment can be neither charged again nor called failed.
 */
export type SettleOutcome =
  { kind: "settled"; transaction: string; payer?: string } | { kind: "refused"; reason: string } | { kind: "unknown" };

/**
 * The refusals that say the authorization's nonce is spent on chain. Asked again about a
 * settlement whose answer was lost, they mean the first request moved the money: EIP-3009 runs
 * an authorization once, and only its payer could have spent that nonce otherwise (x402 v2 and
 * its own verify; v1's facilitator reports the reverted transfer).
 */
export const NONCE_ALREADY_USED = new Set(["invalid_exact_evm_nonce_already_used", "invalid_transaction_state"]);

export type Facilitator = { verify(): Promise<Verdict>; settle(): Promise<SettleOutcome> };

/** The facilitator's answer within X402_FACILITATOR_TIMEOUT_MS (v1's client has no deadline of its own). */
function withinDeadline<T>(call: Promise<T>): Promise<T> {
  const ms = getEnv().X402_FACILITATOR_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the facilitator did not answer within ${ms} ms`)), ms);
  });

  return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
}

function outcomeOf(settlement: Settlement): SettleOutcome {
  return settlement.success
    ? { kind: "settled", transaction: settlement.transaction, payer: settlement.payer }
    : { kind: "refused", reason: settlement.errorReason ?? "settlement_failed" };
}

/** The facilitator asked in the proof's own version: the x402 package's client for v1, @x402/core's for v2. */
export function facilitator(proof: PaymentProof): Facilitator {
  const url = (getEnv().X402_FACILITATOR_URL ?? DEFAULT_FACILITATOR_URL).replace(/\/$/, "") as `${string}://${string}`;
  let verify: () => Promise<Verdict>;
  let settle: () => Promise<Settlement>;
  if (proof.version === 2) {
    const client = new HTTPFacilitatorClient({ url, timeoutMs: getEnv().X402_FACILITATOR_TIMEOUT_MS });
    // A refusal that comes with a non-2xx status is raised by the client; it is still a refusal.
    verify = () =>
      client.verify(proof.payload, proof.requirements).catch((error: unknown) => {
        if (error instanceof VerifyError) return { isValid: false, invalidReason: error.invalidReason ?? "invalid_payment" };
        throw error;
      });
    settle = () =>
      client.settle(proof.payload, proof.requirements).catch((error: unknown) => {
        if (error instanceof SettleError) return { success: false, errorReason: error.errorReason ?? "settlement_failed", transaction: "" };
        throw error;
      });
  } else {
    // `useFacilitator` is the x402 package's facilitator client, not a React hook.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const client = useFacilitator({ url });
    verify = () => client.verify(proof.payload, proof.requirements);
    settle = () =>
      client.settle(proof.payload, proof.requirements).catch((error: unknown) => {
        if (error instanceof SettleErrorV1)
          return { success: false, errorReason: error.errorReason ?? "settlement_failed", transaction: "" };
        throw error;
      });
  }

  return {
    async verify() {
      try {
        return await withinDeadline(verify());
      } catch (error) {
        logger.error("x402 facilitator verify failed", { error });
        throw new ApiError(
          "unavailable",
          "The payment facilitator could not be reached (verify); nothing was charged by this request, try again",
        );
      }
    },
    async settle() {
      try {
        return outcomeOf(await withinDeadline(settle()));
      } catch (error) {
        // Only a verdict in the facilitator's own words is one; anything else leaves the outcome open.
        logger.error("x402 settle got no answer", { error });

        return { kind: "unknown" };
      }
    },
  };
}
