import { and, eq, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/db";
import type { X402PaymentSent } from "@/lib/auth/principal";
import { x402Payments } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { assertStorageAvailable } from "@/lib/health/storage-space";
import { admitJob, type JobRequest } from "../admission/admit-job";
import { findFreeRetry, FreeRetryTaken } from "../admission/free-retry";
import { answerAgain, answerOfConcurrentSend, findPaymentByIdentity, paymentIdentityOf, type PaymentIdentity } from "./payment-identifier";
import { abandonedBefore, isAbandonedClaim, type Paid, type Settled } from "./settlement";
import { facilitator, NONCE_ALREADY_USED } from "./facilitator";
import { decodeSentPayment, type PaymentProof } from "./proof";
import { isX402Enabled, paymentAlreadyUsed as alreadyUsed, paymentRequired } from "./requirements";

/** The settlement's outcome is unknown: a 503 to send the same payment again, never a 402 that would have the payer sign a second one. */
function settlementUnknown(): ApiError {
  return new ApiError(
    "unavailable",
    "The payment facilitator did not confirm the settlement, so the transfer may have happened. Nothing more will be charged: send the same payment again to finish this purchase",
    { headers: { "Retry-After": "10" }, extra: { reason: "settlement_unknown" } },
  );
}

type X402Payment = typeof x402Payments.$inferSelect;

/**
 * POST /api/jobs paid by an x402 payment, without an account: X-PAYMENT (v1) or
 * PAYMENT-SIGNATURE (v2), or an MCP call's `_meta`. Verify through the facilitator, claim the
 * authorization (a unique row per replay key and per payer nonce, so it pays once, ever,
 * whichever door carries it and even when replayed concurrently), settle, then create the job
 * linked to the payment. A refused verification or settlement is a 402 and creates no job; a
 * settlement without an answer is recorded as of unknown outcome, and the same proof sent again
 * settles it and starts the job (docs/decisions.md §8.5). A v2 payment under a
 * `payment-identifier`, sent again unchanged, answers its job again (§8.5.1). The answer is the
 * job and its settlement; the door it came through hands the settlement over.
 */
export async function payJobWithX402(payment: X402PaymentSent, request: JobRequest): Promise<Paid> {
  if (!isX402Enabled()) throw paymentRequired();
  // A full disk is refused here, before anything is verified, claimed or settled, and only here:
  // the admission of a job this walk paid for does not ask again (admit-job.ts).
  await assertStorageAvailable();
  const proof = decodeSentPayment(payment);
  const identity = proof.version === 2 ? paymentIdentityOf(proof.payload) : null;
  try {
    return await pay(proof, request, identity);
  } catch (error) {
    // A refusal may be the doing of a concurrent send of this very payload: its answer, if any, wins.
    const answer = identity ? await answerOfConcurrentSend(identity, proof, error) : null;
    if (answer) return answer;
    throw error;
  }
}

/** One authorization, paid once: what an earlier request left of it answered or resumed, else verified, claimed, settled and started. */
async function pay(proof: PaymentProof, request: JobRequest, identity: PaymentIdentity | null): Promise<Paid> {
  const byIdentity = identity ? await findPaymentByIdentity(identity) : undefined;
  if (byIdentity?.jobId) return answerAgain(byIdentity, byIdentity.jobId, proof);
  const earlier = byIdentity ?? (await findPaymentByProof(proof));
  if (earlier) return resumePayment(earlier, proof, request);

  const verified = await facilitator(proof).verify();
  if (!verified.isValid) {
    throw paymentRequired(`Payment rejected: ${verified.invalidReason ?? "invalid payment"}`, {
      reason: verified.invalidReason ?? "invalid_payment",
    });
  }

  // A failed paid job of this wallet for this domain earned a free retry: the verified
  // authorization proves the payer and is never settled (docs/decisions.md §8.6).
  const retry = await findFreeRetry(payerKey(proof.authorization.payer), request.domain);
  const paymentId = await claim(proof, identity, retry ? "waived" : "verified");
  if (retry) return startFreeRetry(paymentId, proof, request);

  return settleAndStart(paymentId, proof, request, { asked: false });
}

/** The payment row this authorization already has, under its replay key or its payer's nonce. */
async function findPaymentByProof({ key, network, authorization }: PaymentProof): Promise<X402Payment | undefined> {
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

  return used;
}

/**
 * The unique replay key and payer nonce make this the one place an authorization is taken, also
 * under concurrent replays in either version: every other attempt finds the row.
 */
async function claim(proof: PaymentProof, identity: PaymentIdentity | null, status: "waived" | "verified"): Promise<string> {
  const { key, network, authorization } = proof;
  const [claimed] = await getDb()
    .insert(x402Payments)
    .values({
      proofHash: key,
      payer: authorization.payer,
      nonce: authorization.nonce,
      network,
      amountAtomic: authorization.value,
      status,
      paymentIdentifier: identity?.id ?? null,
      payloadHash: identity?.payloadHash ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: x402Payments.id });
  if (!claimed) throw alreadyUsed();

  return claimed.id;
}

const payerKey = (wallet: string) => `x402:${wallet.toLowerCase()}`;

/**
 * The free retry a waived authorization stands for, without settling it. Taken meanwhile by
 * another request of the same payer (or no longer open), the authorization pays as usual.
 */
async function startFreeRetry(paymentId: string, proof: PaymentProof, request: JobRequest): Promise<Paid> {
  const concurrencyKey = payerKey(proof.authorization.payer);
  const retry = await findFreeRetry(concurrencyKey, request.domain);
  try {
    if (retry) {
      const admission = { payer: "retry", retryOf: retry.id, concurrencyKey, ownerId: null, waivedPaymentId: paymentId } as const;

      return { job: await admitJob(admission, request), settlement: null };
    }
  } catch (error) {
    if (!(error instanceof FreeRetryTaken)) throw error;
  }
  const [retaken] = await getDb()
    .update(x402Payments)
    .set({ status: "verified" })
    .where(and(eq(x402Payments.id, paymentId), eq(x402Payments.status, "waived")))
    .returning({ id: x402Payments.id });
  if (!retaken) throw alreadyUsed();

  return settleAndStart(paymentId, proof, request, { asked: false });
}

/** The same authorization again: finish what an earlier request left open, or refuse it as used. */
async function resumePayment(used: X402Payment, proof: PaymentProof, request: JobRequest): Promise<Paid> {
  if (used.proofHash !== proof.key) throw alreadyUsed();
  // Settled but no job: the process died in between, or admission failed after settlement (or a
  // concurrent request is about to write it). The link guard keeps it to one job.
  if (used.status === "settled" && !used.jobId) {
    return startPaidJob(request, used.id, {
      transaction: used.transaction ?? "",
      payer: proof.authorization.payer,
      network: proof.network,
    });
  }
  // Waived for a free retry whose job was refused: the same proof tries again.
  if (used.status === "waived" && !used.jobId) return startFreeRetry(used.id, proof, request);
  if (used.status === "settlement_unknown") {
    // Taken back by one request at a time; a concurrent one finds it `verified`, as in a first settlement.
    const [retaken] = await getDb()
      .update(x402Payments)
      .set({ status: "verified", claimedAt: sql`now()` })
      .where(and(eq(x402Payments.id, used.id), eq(x402Payments.status, "settlement_unknown")))
      .returning({ id: x402Payments.id });
    if (retaken) return settleAndStart(used.id, proof, request, { asked: true });
  }
  if (used.status === "verified" && !used.jobId && isAbandonedClaim(used)) {
    // The claiming process died between the claim and recording the settlement's outcome: it may
    // have asked the facilitator, so this is a settlement of unknown outcome, taken back by one request.
    const [retaken] = await getDb()
      .update(x402Payments)
      .set({ claimedAt: sql`now()` })
      .where(and(eq(x402Payments.id, used.id), eq(x402Payments.status, "verified"), lt(x402Payments.claimedAt, abandonedBefore())))
      .returning({ id: x402Payments.id });
    if (retaken) return settleAndStart(used.id, proof, request, { asked: true });
  }
  throw alreadyUsed();
}

/**
 * Settles a claimed payment, records the outcome before anything else, then starts its job.
 * `asked`: an earlier settlement of it got no answer, so a refusal because the nonce is spent
 * means that earlier one moved the money (facilitator.ts, NONCE_ALREADY_USED).
 */
async function settleAndStart(paymentId: string, proof: PaymentProof, request: JobRequest, { asked }: { asked: boolean }): Promise<Paid> {
  const outcome = await facilitator(proof).settle();
  if (outcome.kind === "unknown") {
    await getDb().update(x402Payments).set({ status: "settlement_unknown" }).where(eq(x402Payments.id, paymentId));
    throw settlementUnknown();
  }
  if (outcome.kind === "refused" && !(asked && NONCE_ALREADY_USED.has(outcome.reason))) {
    await getDb().update(x402Payments).set({ status: "failed" }).where(eq(x402Payments.id, paymentId));
    throw paymentRequired(`Payment settlement failed: ${outcome.reason}`, { reason: outcome.reason });
  }
  const transaction = outcome.kind === "settled" ? outcome.transaction : "";
  const payer = (outcome.kind === "settled" ? outcome.payer : undefined) ?? proof.authorization.payer;
  if (outcome.kind === "refused") logger.warn("x402 settlement confirmed by its spent nonce", { paymentId, reason: outcome.reason });
  // Recorded before the job, so a crash here leaves a settled payment the same proof can resume.
  await getDb()
    .update(x402Payments)
    .set({ status: "settled", transaction: transaction || null })
    .where(eq(x402Payments.id, paymentId));

  return startPaidJob(request, paymentId, { transaction, payer, network: proof.network });
}

/**
 * The job a settled payment bought, linked to it in the job's transaction (once, ever). Its
 * admission can still be refused after the money moved (the database went away): the payment
 * stays settled without a job, and the answer says that the same payment sent again starts it
 * (docs/decisions.md §8.5).
 */
async function startPaidJob(request: JobRequest, paymentId: string, settlement: Settled): Promise<Paid> {
  try {
    const admission = { payer: "x402", paymentId, paymentRef: settlement.transaction || paymentId, wallet: settlement.payer } as const;

    return { job: await admitJob(admission, request), settlement };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === "payment_required") throw error;
    logger.warn("x402 payment settled, job not admitted", { paymentId, code: error.code });
    throw new ApiError(
      error.code,
      `${error.message}. The payment is settled and nothing more will be charged: send the same payment again to start the job`,
      {
        status: error.status,
        headers: error.headers,
        extra: { ...error.extra, payment: "settled" },
      },
    );
  }
}
