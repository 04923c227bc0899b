import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PaymentPayload as PaymentPayloadV2 } from "@x402/core/types";
import { extractAndValidatePaymentIdentifier, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { getDb } from "@/db";
import { x402Payments } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { PaymentProof } from "./proof";
import { paymentAlreadyUsed } from "./requirements";
import { spentOn, type Bought, type Purchase, type X402Payment } from "./purchase";
import { isAbandonedClaim } from "./settlement";

// The x402 v2 `payment-identifier` extension on POST /api/jobs and POST /api/batches
// (docs/decisions.md §8.5.1): a client that lost the answer to a paid request sends the identical
// payment again and gets the same job (or batch) back, instead of payment_already_used. The 402 declares the extension, optional,
// beside the Bazaar declaration (discovery.ts).

/** A payment's identifier and the hash of the exact payload it came with. */
export type PaymentIdentity = { id: string; payloadHash: string };

/**
 * JSON with every object's keys sorted and undefined members left out: one payload, one text,
 * whether it arrived as a base64 header or as an object inside another transport's request.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);

    return `{${members.join(",")}}`;
  }

  return JSON.stringify(value) ?? "null";
}

export const payloadHash = (payload: PaymentPayloadV2) => createHash("sha256").update(canonicalJson(payload)).digest("hex");

/**
 * The identifier a decoded v2 payload carries, bound to the payload's hash; null when it carries
 * none (no extension, or the declaration echoed without an id). A malformed one is a 400 and
 * nothing is verified, claimed or charged: the payment itself may be sound, the key is not, and
 * a 402 would have the client sign another payment (the extension's own validation answers 400).
 */
export function paymentIdentityOf(payload: PaymentPayloadV2): PaymentIdentity | null {
  const extension: unknown = payload.extensions?.[PAYMENT_IDENTIFIER];
  if (extension === undefined) return null;
  // Validated without the `schema` the client echoes: the library would compile it (a JSON
  // Schema of the caller's choosing, regular expressions included) before any payment is checked.
  const info = extension !== null && typeof extension === "object" ? (extension as { info?: unknown }).info : undefined;
  const { id, validation } = extractAndValidatePaymentIdentifier({ ...payload, extensions: { [PAYMENT_IDENTIFIER]: { info } } });
  if (!validation.valid) {
    const message = validation.errors?.join("; ") ?? "invalid payment identifier";
    throw new ApiError("invalid_request", `Invalid x402 payment-identifier: ${message}`, {
      extra: {
        reason: "invalid_payment_identifier",
        issues: [{ path: `payment.extensions.${PAYMENT_IDENTIFIER}.info`, message }],
      },
    });
  }

  return id ? { id, payloadHash: payloadHash(payload) } : null;
}

/** Another payment already holds this identifier: nothing was done with this one. */
function identifierConflict(): ApiError {
  return new ApiError(
    "conflict",
    "This payment-identifier was already used with a different payment: an identifier names one payment. Send that payment again unchanged to get its answer, or pay under a new identifier",
    { extra: { reason: "payment_identifier_conflict" } },
  );
}

/** The first request with this identifier has not finished: the resend waits for it rather than racing it. */
function paymentInProgress(): ApiError {
  return new ApiError(
    "unavailable",
    "The payment with this identifier is still being processed. Nothing more will be charged: send the same payment again shortly for its answer",
    { headers: { "Retry-After": "5" }, extra: { reason: "payment_in_progress" } },
  );
}

/**
 * The payment an identifier already names, looked up before the payment is verified (a resend
 * of a settled payment no longer verifies). That lookup proves nothing about the caller, so only
 * the very payload first sent under the identifier may have the payment back: any other is a
 * 409. One still being settled, neither answered nor resumable, is a 503 to try again. A resend
 * of the same payload gets the job that payment bought (`answerAgain`), or, without a job yet,
 * what the same proof resumes (pay-with-x402.ts).
 */
export async function findPaymentByIdentity(identity: PaymentIdentity): Promise<X402Payment | undefined> {
  const [payment] = await getDb().select().from(x402Payments).where(eq(x402Payments.paymentIdentifier, identity.id)).limit(1);
  if (!payment) return undefined;
  if (payment.payloadHash !== identity.payloadHash) throw identifierConflict();
  // An abandoned claim is not in progress: the resend takes it back (pay-with-x402.ts, resumePayment).
  if (payment.status === "verified" && !spentOn(payment) && !isAbandonedClaim(payment)) throw paymentInProgress();

  return payment;
}

/**
 * A payment under an identifier was refused on its way (the authorization found used, its
 * verification refused because it was settled meanwhile, the claim or the job's link taken):
 * that may be the doing of a concurrent send of this very payload. Its answer if it has one, a
 * 503 while it runs, or null: the refusal stands.
 */
export async function answerOfConcurrentSend<T>(
  identity: PaymentIdentity,
  proof: PaymentProof,
  purchase: Purchase<T>,
  refusal: unknown,
): Promise<Bought<T> | null> {
  if (!(refusal instanceof ApiError) || refusal.code !== "payment_required") return null;
  const now = await findPaymentByIdentity(identity);
  if (now && spentOn(now)) return answerAgain(now, purchase, proof);
  // Being linked to its job by the concurrent request, or waiting for a resend to settle it.
  if (now?.status === "settled" || now?.status === "settlement_unknown") throw paymentInProgress();

  return null;
}

/**
 * The answer a payment's purchase was first handed over with: the job (or batch) as it is now,
 * and the same settlement. A payment spent on the other kind (a job's payment sent to
 * POST /api/batches) is spent.
 */
export async function answerAgain<T>(payment: X402Payment, purchase: Purchase<T>, proof: PaymentProof): Promise<Bought<T>> {
  const id = purchase.boughtBy(payment);
  // Gone only if deleted between the two reads (the link is cleared with it): spent.
  const bought = id ? await purchase.load(id) : undefined;
  if (!bought) throw paymentAlreadyUsed(purchase.offer);
  // A waived authorization paid for nothing (a free retry): its answer had no settlement either.
  if (payment.status !== "settled") return { bought, settlement: null };

  return { bought, settlement: { transaction: payment.transaction ?? "", payer: payerAsSigned(proof), network: payment.network } };
}

/** The payer as the authorization spells it (checksummed), as the facilitator named it in the first answer. */
function payerAsSigned(proof: PaymentProof): string {
  const from = (proof.payload.payload as { authorization?: { from?: unknown } } | undefined)?.authorization?.from;

  return typeof from === "string" ? from : proof.authorization.payer;
}
