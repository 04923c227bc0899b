import { and, eq, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/db";
import type { X402PaymentSent } from "@/lib/auth/principal";
import { x402Payments } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { assertStorageAvailable } from "@/lib/health/storage-space";
import { findFreeRetry, FreeRetryTaken, payerKey } from "../admission/free-retry";
import { answerAgain, answerOfConcurrentSend, findPaymentByIdentity, paymentIdentityOf, type PaymentIdentity } from "./payment-identifier";
import { spentOn, type Bought, type Purchase, type X402Payment } from "./purchase";
import { abandonedBefore, isAbandonedClaim, type Settled } from "./settlement";
import { facilitator, NONCE_ALREADY_USED } from "./facilitator";
import { decodeSentPayment, type PaymentProof } from "./proof";
import { isX402Enabled, paymentAlreadyUsed, paymentRequired } from "./requirements";

/** The settlement's outcome is unknown: a 503 to send the same payment again, never a 402 that would have the payer sign a second one. */
function settlementUnknown(): ApiError {
  return new ApiError(
    "unavailable",
    "The payment facilitator did not confirm the settlement, so the transfer may have happened. Nothing more will be charged: send the same payment again to finish this purchase",
    { headers: { "Retry-After": "10" }, extra: { reason: "settlement_unknown" } },
  );
}

/**
 * A purchase paid by an x402 payment, without an account: X-PAYMENT (v1) or PAYMENT-SIGNATURE
 * (v2), or an MCP call's `_meta`; the thing bought is a job (POST /api/jobs, pay-job.ts) or a
 * batch (POST /api/batches, lib/batches/pay-batch.ts), priced by its offer. Verify through the
 * facilitator, claim the authorization (a unique row per replay key and per payer nonce, so it
 * pays once, ever, whichever door carries it and even when replayed concurrently), settle once,
 * then admit what it bought, linked to the payment. A refused verification or settlement is a
 * 402 and admits nothing; a settlement without an answer is recorded as of unknown outcome, and
 * the same proof sent again settles it and admits the purchase (docs/decisions.md §8.5). A v2
 * payment under a `payment-identifier`, sent again unchanged, answers its purchase again
 * (§8.5.1). The answer is what was bought and its settlement; the door hands the settlement over.
 */
export async function payWithX402<T>(payment: X402PaymentSent, purchase: Purchase<T>): Promise<Bought<T>> {
  if (!isX402Enabled()) throw paymentRequired();
  // A full disk is refused here, before anything is verified, claimed or settled, and only here:
  // the admission of what this walk paid for does not ask again (admit-job.ts).
  await assertStorageAvailable();
  const proof = decodeSentPayment(payment, purchase.offer);
  const identity = proof.version === 2 ? paymentIdentityOf(proof.payload) : null;
  try {
    return await pay(proof, purchase, identity);
  } catch (error) {
    // A refusal may be the doing of a concurrent send of this very payload: its answer, if any, wins.
    const answer = identity ? await answerOfConcurrentSend(identity, proof, purchase, error) : null;
    if (answer) return answer;
    throw error;
  }
}

/** One authorization, paid once: what an earlier request left of it answered or resumed, else verified, claimed, settled and admitted. */
async function pay<T>(proof: PaymentProof, purchase: Purchase<T>, identity: PaymentIdentity | null): Promise<Bought<T>> {
  const byIdentity = identity ? await findPaymentByIdentity(identity) : undefined;
  if (byIdentity && spentOn(byIdentity)) return answerAgain(byIdentity, purchase, proof);
  const earlier = byIdentity ?? (await findPaymentByProof(proof));
  if (earlier) return resumePayment(earlier, proof, purchase);

  const verified = await facilitator(proof).verify();
  if (!verified.isValid) {
    throw paymentRequired(
      `Payment rejected: ${verified.invalidReason ?? "invalid payment"}`,
      { reason: verified.invalidReason ?? "invalid_payment" },
      purchase.offer,
    );
  }

  // A failed paid job of this wallet for this domain earned a free retry: the verified
  // authorization proves the payer and is never settled (docs/decisions.md §8.6).
  const retry = purchase.freeRetry ? await findFreeRetry(payerKey(proof.authorization.payer), purchase.freeRetry.domain) : null;
  const paymentId = await claim(proof, purchase, identity, retry ? "waived" : "verified");
  if (retry) return startFreeRetry(paymentId, proof, purchase);

  return settleAndStart(paymentId, proof, purchase, { asked: false });
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
async function claim<T>(
  proof: PaymentProof,
  purchase: Purchase<T>,
  identity: PaymentIdentity | null,
  status: "waived" | "verified",
): Promise<string> {
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
  if (!claimed) throw paymentAlreadyUsed(purchase.offer);

  return claimed.id;
}

/**
 * The free retry a waived authorization stands for, without settling it. Taken meanwhile by
 * another request of the same payer (or no longer open), the authorization pays as usual.
 */
async function startFreeRetry<T>(paymentId: string, proof: PaymentProof, purchase: Purchase<T>): Promise<Bought<T>> {
  const concurrencyKey = payerKey(proof.authorization.payer);
  const free = purchase.freeRetry;
  if (!free) throw paymentAlreadyUsed(purchase.offer);
  const retry = await findFreeRetry(concurrencyKey, free.domain);
  try {
    if (retry) {
      const admission = { payer: "retry", retryOf: retry.id, concurrencyKey, ownerId: null, waivedPaymentId: paymentId } as const;

      return { bought: await free.admit(admission), settlement: null };
    }
  } catch (error) {
    if (!(error instanceof FreeRetryTaken)) throw error;
  }
  const [retaken] = await getDb()
    .update(x402Payments)
    .set({ status: "verified" })
    .where(and(eq(x402Payments.id, paymentId), eq(x402Payments.status, "waived")))
    .returning({ id: x402Payments.id });
  if (!retaken) throw paymentAlreadyUsed(purchase.offer);

  return settleAndStart(paymentId, proof, purchase, { asked: false });
}

/** The same authorization again: finish what an earlier request left open, or refuse it as used. */
async function resumePayment<T>(used: X402Payment, proof: PaymentProof, purchase: Purchase<T>): Promise<Bought<T>> {
  if (used.proofHash !== proof.key || spentOn(used)) throw paymentAlreadyUsed(purchase.offer);
  // Settled but nothing bought: the process died in between, or admission failed after settlement
  // (or a concurrent request is about to write it). The link guard keeps it to one purchase. The
  // proof matched this offer's price, which is what was settled.
  if (used.status === "settled") {
    return startPaid(purchase, used.id, {
      transaction: used.transaction ?? "",
      payer: proof.authorization.payer,
      network: proof.network,
    });
  }
  // Waived for a free retry whose job was refused: the same proof tries again.
  if (used.status === "waived") return startFreeRetry(used.id, proof, purchase);
  if (used.status === "settlement_unknown") {
    // Taken back by one request at a time; a concurrent one finds it `verified`, as in a first settlement.
    const [retaken] = await getDb()
      .update(x402Payments)
      .set({ status: "verified", claimedAt: sql`now()` })
      .where(and(eq(x402Payments.id, used.id), eq(x402Payments.status, "settlement_unknown")))
      .returning({ id: x402Payments.id });
    if (retaken) return settleAndStart(used.id, proof, purchase, { asked: true });
  }
  if (used.status === "verified" && isAbandonedClaim(used)) {
    // The claiming process died between the claim and recording the settlement's outcome: it may
    // have asked the facilitator, so this is a settlement of unknown outcome, taken back by one request.
    const [retaken] = await getDb()
      .update(x402Payments)
      .set({ claimedAt: sql`now()` })
      .where(and(eq(x402Payments.id, used.id), eq(x402Payments.status, "verified"), lt(x402Payments.claimedAt, abandonedBefore())))
      .returning({ id: x402Payments.id });
    if (retaken) return settleAndStart(used.id, proof, purchase, { asked: true });
  }
  throw paymentAlreadyUsed(purchase.offer);
}

/**
 * Settles a claimed payment (once, whatever it buys), records the outcome before anything else,
 * then admits what it bought.
 * `asked`: an earlier settlement of it got no answer, so a refusal because the nonce is spent
 * means that earlier one moved the money (facilitator.ts, NONCE_ALREADY_USED).
 */
async function settleAndStart<T>(
  paymentId: string,
  proof: PaymentProof,
  purchase: Purchase<T>,
  { asked }: { asked: boolean },
): Promise<Bought<T>> {
  const outcome = await facilitator(proof).settle();
  if (outcome.kind === "unknown") {
    await getDb().update(x402Payments).set({ status: "settlement_unknown" }).where(eq(x402Payments.id, paymentId));
    throw settlementUnknown();
  }
  if (outcome.kind === "refused" && !(asked && NONCE_ALREADY_USED.has(outcome.reason))) {
    await getDb().update(x402Payments).set({ status: "failed" }).where(eq(x402Payments.id, paymentId));
    throw paymentRequired(`Payment settlement failed: ${outcome.reason}`, { reason: outcome.reason }, purchase.offer);
  }
  const transaction = outcome.kind === "settled" ? outcome.transaction : "";
  const payer = (outcome.kind === "settled" ? outcome.payer : undefined) ?? proof.authorization.payer;
  if (outcome.kind === "refused") logger.warn("x402 settlement confirmed by its spent nonce", { paymentId, reason: outcome.reason });
  // Recorded before the admission, so a crash here leaves a settled payment the same proof can resume.
  await getDb()
    .update(x402Payments)
    .set({ status: "settled", transaction: transaction || null })
    .where(eq(x402Payments.id, paymentId));

  return startPaid(purchase, paymentId, { transaction, payer, network: proof.network });
}

/**
 * What a settled payment bought, linked to it in the admission's transaction (once, ever). Its
 * admission can still be refused after the money moved (the database went away): the payment
 * stays settled without a purchase, and the answer says that the same payment sent again starts
 * it (docs/decisions.md §8.5).
 */
async function startPaid<T>(purchase: Purchase<T>, paymentId: string, settlement: Settled): Promise<Bought<T>> {
  try {
    const admission = { payer: "x402", paymentId, paymentRef: settlement.transaction || paymentId, wallet: settlement.payer } as const;

    return { bought: await purchase.admitPaid(admission), settlement };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === "payment_required") throw error;
    logger.warn("x402 payment settled, purchase not admitted", { paymentId, code: error.code });
    throw new ApiError(
      error.code,
      `${error.message}. The payment is settled and nothing more will be charged: send the same payment again to start ${purchase.noun}`,
      {
        status: error.status,
        headers: error.headers,
        extra: { ...error.extra, payment: "settled" },
      },
    );
  }
}
