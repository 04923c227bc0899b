import { and, eq, or } from "drizzle-orm";
import { encodePaymentResponseHeader, HTTPFacilitatorClient } from "@x402/core/http";
import { SettleError, VerifyError } from "@x402/core/types";
import { settleResponseHeader } from "x402/types";
import { useFacilitator } from "x402/verify";
import { getDb } from "@/db";
import { x402Payments, type Job } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { normalizeDomain } from "@/lib/shopify-reader/domain";
import { assertStorageAvailable } from "@/lib/health/storage-space";
import { admitJob, type JobRequest } from "./admit-job";
import { decodePaymentProof, type PaymentProof } from "./x402-proof";
import { configuredNetworkCaip2, isX402Enabled, paymentAlreadyUsed as alreadyUsed, paymentRequired } from "./x402-requirements";

const DEFAULT_FACILITATOR_URL = "https://x402.org/facilitator";

type Verdict = { isValid: boolean; invalidReason?: string };
type Settlement = { success: boolean; errorReason?: string; transaction: string; payer?: string };

/** The facilitator asked in the proof's own version: the x402 package's client for v1, @x402/core's for v2. */
function facilitator(proof: PaymentProof): { verify(): Promise<Verdict>; settle(): Promise<Settlement> } {
  const url = (getEnv().X402_FACILITATOR_URL ?? DEFAULT_FACILITATOR_URL).replace(/\/$/, "") as `${string}://${string}`;
  if (proof.version === 2) {
    const client = new HTTPFacilitatorClient({ url });

    // A refusal that comes with a non-2xx status is raised by the client; it is still a refusal.
    return {
      verify: () =>
        client.verify(proof.payload, proof.requirements).catch((error: unknown) => {
          if (error instanceof VerifyError) return { isValid: false, invalidReason: error.invalidReason ?? "invalid_payment" };
          throw error;
        }),
      settle: () =>
        client.settle(proof.payload, proof.requirements).catch((error: unknown) => {
          if (error instanceof SettleError) return { success: false, errorReason: error.errorReason ?? "settlement_failed", transaction: "" };
          throw error;
        }),
    };
  }
  // `useFacilitator` is the x402 package's facilitator client, not a React hook.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const client = useFacilitator({ url });

  return { verify: () => client.verify(proof.payload, proof.requirements), settle: () => client.settle(proof.payload, proof.requirements) };
}

async function callFacilitator<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.error(`x402 facilitator ${what} failed`, { error });
    throw new ApiError("unavailable", `The payment facilitator could not be reached (${what}); nothing was charged by this request, try again`);
  }
}

/**
 * POST /api/jobs paid by an x402 payment, without an account: X-PAYMENT (v1) or
 * PAYMENT-SIGNATURE (v2). Verify through the facilitator, claim the authorization (a unique row
 * per replay key and per payer nonce, so it pays once, ever, whichever header carries it and
 * even when replayed concurrently), settle, then create the job linked to the payment. A failed
 * verification or settlement is a 402 and creates no job (docs/decisions.md §8.5).
 */
export async function payJobWithX402(
  payment: { version: 1 | 2; header: string },
  fields: JobRequest,
): Promise<{ job: Job; headers: Record<string, string> }> {
  if (!isX402Enabled()) throw paymentRequired();
  // Refuse a full disk and a bad domain before anything is charged.
  await assertStorageAvailable();
  const domain = normalizeDomain(fields.domain);
  if (!domain.ok) {
    throw new ApiError("invalid_request", `Invalid domain: ${domain.error}`, {
      extra: { issues: [{ path: "body.domain", message: domain.error }] },
    });
  }
  const proof = decodePaymentProof(payment.version, payment.header);
  const { network, authorization, key } = proof;
  const [used] = await getDb()
    .select()
    .from(x402Payments)
    .where(
      or(
        eq(x402Payments.proofHash, key),
        and(eq(x402Payments.network, network), eq(x402Payments.payer, authorization.payer), eq(x402Payments.nonce, authorization.nonce)),
      ),
    )
    .limit(1);
  if (used) {
    // Settled but no job: the process died in between (or a concurrent request is about to
    // write it). The same authorization finishes the purchase; the link guard keeps it to one job.
    if (used.proofHash === key && used.status === "settled" && !used.jobId) {
      return createJobForPayment(fields, used.id, { transaction: used.transaction ?? "", payer: authorization.payer, network });
    }
    throw alreadyUsed();
  }
  const client = facilitator(proof);

  const verified = await callFacilitator("verify", () => client.verify());
  if (!verified.isValid) {
    throw paymentRequired(`Payment rejected: ${verified.invalidReason ?? "invalid payment"}`, {
      reason: verified.invalidReason ?? "invalid_payment",
    });
  }

  // The unique replay key and payer nonce make this the one place an authorization is taken,
  // also under concurrent replays in either version: every other attempt finds the row.
  const [claim] = await getDb()
    .insert(x402Payments)
    .values({ proofHash: key, payer: authorization.payer, nonce: authorization.nonce, network, amountAtomic: authorization.value, status: "verified" })
    .onConflictDoNothing()
    .returning({ id: x402Payments.id });
  if (!claim) throw alreadyUsed();

  const settled: Settlement = await client.settle().catch((error: unknown) => {
    logger.error("x402 settle failed", { error, paymentId: claim.id });

    return { success: false, errorReason: "unexpected_settle_error", transaction: "" };
  });
  if (!settled.success) {
    await getDb().update(x402Payments).set({ status: "failed" }).where(eq(x402Payments.id, claim.id));
    throw paymentRequired(`Payment settlement failed: ${settled.errorReason ?? "unknown reason"}`, {
      reason: settled.errorReason ?? "settlement_failed",
    });
  }
  // Recorded before the job, so a crash here leaves a settled payment the same proof can resume.
  await getDb()
    .update(x402Payments)
    .set({ status: "settled", transaction: settled.transaction || null })
    .where(eq(x402Payments.id, claim.id));

  return createJobForPayment(fields, claim.id, { transaction: settled.transaction, payer: settled.payer ?? authorization.payer, network });
}

/**
 * The job a settled payment bought, linked to it in the job's transaction (once, ever); the
 * settlement in both versions' response headers, as a client of either reads its own.
 */
async function createJobForPayment(
  fields: JobRequest,
  paymentId: string,
  settled: { transaction: string; payer: string; network: string },
): Promise<{ job: Job; headers: Record<string, string> }> {
  const job = await admitJob({ payer: "x402", paymentId, paymentRef: settled.transaction || paymentId, wallet: settled.payer }, fields);
  const v1 = { success: true, transaction: settled.transaction, network: settled.network, payer: settled.payer } as Parameters<typeof settleResponseHeader>[0];
  const v2 = { success: true, transaction: settled.transaction, network: configuredNetworkCaip2(), payer: settled.payer };

  return { job, headers: { "PAYMENT-RESPONSE": encodePaymentResponseHeader(v2), "X-PAYMENT-RESPONSE": settleResponseHeader(v1) } };
}
