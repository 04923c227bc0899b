import { createHash } from "node:crypto";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { PaymentPayloadV2Schema } from "@x402/core/schemas";
import { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload as PaymentPayloadV2, PaymentRequirements as PaymentRequirementsV2 } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { decodePayment } from "x402/schemes";
import { findMatchingPaymentRequirements } from "x402/shared";
import type { PaymentPayload, PaymentRequirements } from "x402/types";
import type { X402PaymentSent } from "@/lib/auth/principal";
import { findUnstorableText } from "@/lib/http/storable-text";
import {
  configuredNetwork,
  configuredNetworkCaip2,
  JOB_OFFER,
  paymentRequirements,
  paymentRequirementsV2,
  paymentRequired,
  type Offer,
} from "./requirements";

/** A proof is a few hundred bytes of base64 JSON; anything far larger is not one. */
const MAX_PAYMENT_HEADER_CHARS = 8_192;

export const PAYMENT_HEADER = { 1: "X-PAYMENT", 2: "PAYMENT-SIGNATURE" } as const;

/** The EIP-3009 authorization a payment signs: what the token contract executes, once per nonce. */
export type Authorization = { payer: string; nonce: string; value: string; signature: string };

/** A decoded payment matched to our offer, in the version it came in (the facilitator is asked in that version). */
export type PaymentProof = (
  | { version: 1; payload: PaymentPayload; requirements: PaymentRequirements }
  | { version: 2; payload: PaymentPayloadV2; requirements: PaymentRequirementsV2 }
) & {
  /** The network by its v1 name, as payments are recorded whichever version carried them. */
  network: string;
  authorization: Authorization;
  /** The replay key: the same for one authorization whether it came as v1 or v2. */
  key: string;
};

/** Where an MCP tool call carries its payment (the x402 MCP transport). */
const MCP_PAYMENT_META = '_meta["x402/payment"]';

/** The same payment as a JSON object: its base64 header's cap, as plain JSON text. */
const MAX_PAYMENT_OBJECT_CHARS = (MAX_PAYMENT_HEADER_CHARS / 4) * 3;

function invalidIn(where: string, detail: string, offer: Offer) {
  return paymentRequired(`${where} ${detail}`, { reason: "invalid_payment" }, offer);
}

const invalid = (version: 1 | 2, detail: string, offer: Offer) => invalidIn(PAYMENT_HEADER[version], detail, offer);

function authorizationOf(where: string, payload: unknown, offer: Offer): Authorization {
  const inner = payload as { signature?: unknown; authorization?: { from?: unknown; nonce?: unknown; value?: unknown } } | null;
  const auth = inner?.authorization;
  const fields = [auth?.from, auth?.nonce, auth?.value, inner?.signature];
  if (!fields.every((field) => typeof field === "string" && field.length > 0)) {
    throw invalidIn(where, "carries no EIP-3009 authorization", offer);
  }
  const [payer, nonce, value, signature] = fields as string[];

  return { payer: payer!.toLowerCase(), nonce: nonce!.toLowerCase(), value: value!, signature: signature!.toLowerCase() };
}

/**
 * One authorization, one key: the network, token, payer, nonce and signature of the EIP-3009
 * transfer, never the header's bytes, which differ between a v1 and a v2 encoding of it
 * (docs/decisions.md §8.5).
 */
export function replayKey(network: string, asset: string, authorization: Authorization): string {
  const parts = [network, asset.toLowerCase(), authorization.payer, authorization.nonce, authorization.signature];

  return createHash("sha256").update(parts.join("|")).digest("hex");
}

/**
 * The `exact` scheme moves exactly the offer's price: the facilitator refuses less, but would
 * settle more, and a batch's price is its list's (a payment signed for another list is refused
 * here, before anything is verified, claimed or settled). The reason is the scheme's own.
 */
function assertExactAmount(authorization: Authorization, amount: string, offer: Offer): void {
  if (authorization.value === amount) return;
  throw paymentRequired(
    `The payment authorizes ${authorization.value} atomic units; this purchase costs exactly ${amount}`,
    { reason: "invalid_exact_evm_payload_authorization_value" },
    offer,
  );
}

function decodeV1(header: string, offer: Offer): PaymentProof {
  let payload: PaymentPayload;
  try {
    payload = decodePayment(header);
  } catch {
    throw invalid(1, "is not a valid x402 v1 payment (base64 JSON of an exact-scheme EVM payment)", offer);
  }
  const requirements = findMatchingPaymentRequirements(paymentRequirements(offer), payload) as PaymentRequirements | undefined;
  if (!requirements) {
    throw paymentRequired(
      `No payment option matches scheme ${payload.scheme} on network ${payload.network}`,
      { reason: "no_matching_requirements" },
      offer,
    );
  }
  const authorization = authorizationOf(PAYMENT_HEADER[1], payload.payload, offer);
  assertExactAmount(authorization, requirements.maxAmountRequired, offer);

  return {
    version: 1,
    payload,
    requirements,
    network: payload.network,
    authorization,
    key: replayKey(payload.network, requirements.asset, authorization),
  };
}

function decodeV2(header: string, offer: Offer): PaymentProof {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header);
  } catch {
    throw invalid(2, "is not base64 JSON", offer);
  }

  return matchV2(decoded, PAYMENT_HEADER[2], offer);
}

/** A v2 PaymentPayload, however it came (`where` names its carrier in a refusal), matched to the offer's price. */
function matchV2(decoded: unknown, where: string, offer: Offer): PaymentProof {
  const parsed = PaymentPayloadV2Schema.safeParse(decoded);
  if (!parsed.success) throw invalidIn(where, "is not an x402 v2 payment payload", offer);
  const payload = parsed.data as PaymentPayloadV2;
  const matcher = new x402ResourceServer().register(configuredNetworkCaip2(), new ExactEvmScheme());
  const requirements = matcher.findMatchingRequirements(paymentRequirementsV2(offer), payload);
  if (!requirements) {
    throw paymentRequired(
      `No payment option matches scheme ${payload.accepted.scheme} on network ${payload.accepted.network} for this amount and address`,
      { reason: "no_matching_requirements" },
      offer,
    );
  }
  const authorization = authorizationOf(where, payload.payload, offer);
  assertExactAmount(authorization, requirements.amount, offer);
  const network = configuredNetwork();

  return { version: 2, payload, requirements, network, authorization, key: replayKey(network, requirements.asset, authorization) };
}

/**
 * The v2 PaymentPayload object of an MCP tool call (`_meta["x402/payment"]`): capped as a header
 * is, then checked and matched exactly as PAYMENT-SIGNATURE's, so it yields the same proof and
 * replay key (one authorization, one job, whichever door it comes through).
 */
function decodeV2Object(payload: unknown, offer: Offer): PaymentProof {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch {
    // Nesting too deep to write back out: no payment looks like that.
  }
  if (text === undefined) throw invalidIn(MCP_PAYMENT_META, "is not an x402 v2 payment payload", offer);
  if (text.length > MAX_PAYMENT_OBJECT_CHARS) throw invalidIn(MCP_PAYMENT_META, "is too large to be a payment proof", offer);
  const unstorable = findUnstorableText(payload, "payment");
  if (unstorable) throw invalidIn(MCP_PAYMENT_META, `holds text no payment carries (${unstorable.message})`, offer);

  return matchV2(payload, MCP_PAYMENT_META, offer);
}

/** The payment of a PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1) header, matched to the offer's price; a 402 otherwise. */
export function decodePaymentProof(version: 1 | 2, header: string, offer: Offer = JOB_OFFER): PaymentProof {
  if (header.length > MAX_PAYMENT_HEADER_CHARS) throw invalid(version, "is too large to be a payment proof", offer);

  return version === 1 ? decodeV1(header.trim(), offer) : decodeV2(header.trim(), offer);
}

/** The payment an x402 caller sent, from a header or as an MCP tool call's payload object, matched to the offer's price; a 402 otherwise. */
export function decodeSentPayment(payment: X402PaymentSent, offer: Offer = JOB_OFFER): PaymentProof {
  return "header" in payment ? decodePaymentProof(payment.version, payment.header, offer) : decodeV2Object(payment.payload, offer);
}
