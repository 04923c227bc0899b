import { createHash } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import { decodePayment } from "x402/schemes";
import { findMatchingPaymentRequirements } from "x402/shared";
import { settleResponseHeader, type PaymentPayload, type PaymentRequirements, type SettleResponse } from "x402/types";
import { useFacilitator } from "x402/verify";
import { getDb } from "@/db";
import { x402Payments, type Job } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { normalizeDomain } from "@/lib/shopify/domain";
import { assertStorageAvailable } from "@/lib/health/storage-space";
import { admitJob, type JobRequest } from "./admit-job";
import { isX402Enabled, jobPaymentRequirements, paymentAlreadyUsed as alreadyUsed, paymentRequired } from "./x402-requirements";

/** A proof is a few hundred bytes of base64 JSON; anything far larger is not one. */
const MAX_PAYMENT_HEADER_CHARS = 8_192;
const DEFAULT_FACILITATOR_URL = "https://x402.org/facilitator";

function facilitator() {
  const url = (getEnv().X402_FACILITATOR_URL ?? DEFAULT_FACILITATOR_URL).replace(/\/$/, "") as `${string}://${string}`;

  // `useFacilitator` is the x402 package's facilitator client, not a React hook.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useFacilitator({ url });
}

function decodeProof(header: string): PaymentPayload {
  if (header.length > MAX_PAYMENT_HEADER_CHARS) throw paymentRequired("X-PAYMENT is too large to be a payment proof", { reason: "invalid_payment" });
  try {
    return decodePayment(header.trim());
  } catch {
    throw paymentRequired("X-PAYMENT is not a valid x402 v1 payment (base64 JSON of an exact-scheme EVM payment)", {
      reason: "invalid_payment",
    });
  }
}

/** The payment's own identity: the EIP-3009 authorization nonce of its payer on its network. */
function authorizationOf(payload: PaymentPayload): { payer: string; nonce: string; value: string } {
  const inner = payload.payload as { authorization?: { from?: string; nonce?: string; value?: string } };
  const auth = inner.authorization;
  if (!auth?.from || !auth.nonce || !auth.value) {
    throw paymentRequired("X-PAYMENT carries no EIP-3009 authorization", { reason: "invalid_payment" });
  }

  return { payer: auth.from.toLowerCase(), nonce: auth.nonce.toLowerCase(), value: auth.value };
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
 * POST /api/jobs paid by an x402 v1 proof, without an account: verify through the facilitator,
 * claim the proof (a unique row per proof hash and per payer nonce, so it pays once, ever, even
 * when replayed concurrently), settle, then create the job linked to the payment. A failed
 * verification or settlement is a 402 and creates no job.
 */
export async function payJobWithX402(
  paymentHeader: string,
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
  const payload = decodeProof(paymentHeader);
  const requirements = findMatchingPaymentRequirements(jobPaymentRequirements(), payload) as PaymentRequirements | undefined;
  if (!requirements) {
    throw paymentRequired(`No payment option matches scheme ${payload.scheme} on network ${payload.network}`, {
      reason: "no_matching_requirements",
    });
  }
  const { payer, nonce, value } = authorizationOf(payload);
  const proofHash = createHash("sha256").update(paymentHeader.trim()).digest("hex");
  const [used] = await getDb()
    .select()
    .from(x402Payments)
    .where(or(eq(x402Payments.proofHash, proofHash), and(eq(x402Payments.network, payload.network), eq(x402Payments.payer, payer), eq(x402Payments.nonce, nonce))))
    .limit(1);
  if (used) {
    // Settled but no job: the process died in between (or a concurrent request is about to
    // write it). The same proof finishes the purchase; the link guard keeps it to one job.
    if (used.proofHash === proofHash && used.status === "settled" && !used.jobId) {
      return createJobForPayment(fields, used.id, { success: true, transaction: used.transaction ?? "", network: payload.network, payer });
    }
    throw alreadyUsed();
  }
  const client = facilitator();

  const verified = await callFacilitator("verify", () => client.verify(payload, requirements));
  if (!verified.isValid) {
    throw paymentRequired(`Payment rejected: ${verified.invalidReason ?? "invalid payment"}`, {
      reason: verified.invalidReason ?? "invalid_payment",
    });
  }

  // The unique proof hash and payer nonce make this the one place a proof is taken, also
  // under concurrent replays: every other attempt finds the row and gets no job.
  const [claim] = await getDb()
    .insert(x402Payments)
    .values({ proofHash, payer, nonce, network: payload.network, amountAtomic: value, status: "verified" })
    .onConflictDoNothing()
    .returning({ id: x402Payments.id });
  if (!claim) throw alreadyUsed();

  const settled = await client.settle(payload, requirements).catch((error: unknown) => {
    logger.error("x402 settle failed", { error, paymentId: claim.id });

    return { success: false as const, errorReason: "unexpected_settle_error" as const, transaction: "", network: payload.network, payer };
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

  return createJobForPayment(fields, claim.id, settled);
}

/** The job a settled payment bought, linked to it in the job's transaction (once, ever). */
async function createJobForPayment(
  fields: JobRequest,
  paymentId: string,
  settled: SettleResponse,
): Promise<{ job: Job; headers: Record<string, string> }> {
  const job = await admitJob({ payer: "x402", paymentId, paymentRef: settled.transaction || paymentId, wallet: settled.payer ?? paymentId }, fields);

  return { job, headers: { "X-PAYMENT-RESPONSE": settleResponseHeader(settled) } };
}
