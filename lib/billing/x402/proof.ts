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
  jobPaymentRequirements,
  jobPaymentRequirementsV2,
  paymentRequired,
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

function invalidIn(where: string, detail: string) {
  return paymentRequired(`${where} ${detail}`, { reason: "invalid_payment" });
}

const invalid = (version: 1 | 2, detail: string) => invalidIn(PAYMENT_HEADER[version], detail);

function authorizationOf(where: string, payload: unknown): Authorization {
  const inner = payload as { signature?: unknown; authorization?: { from?: unknown; nonce?: unknown; value?: unknown } } | null;
  const auth = inner?.authorization;
  const fields = [auth?.from, auth?.nonce, auth?.value, inner?.signature];
  if (!fields.every((field) => typeof field === "string" && field.length > 0)) {
    throw invalidIn(where, "carries no EIP-3009 authorization");
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

function decodeV1(header: string): PaymentProof {
  let payload: PaymentPayload;
  try {
    payload = decodePayment(header);
  } catch {
    throw invalid(1, "is not a valid x402 v1 payment (base64 JSON of an exact-scheme EVM payment)");
  }
  const requirements = findMatchingPaymentRequirements(jobPaymentRequirements(), payload) as PaymentRequirements | undefined;
  if (!requirements) {
    throw paymentRequired(`No payment option matches scheme ${payload.scheme} on network ${payload.network}`, {
      reason: "no_matching_requirements",
    });
  }
  const authorization = authorizationOf(PAYMENT_HEADER[1], payload.payload);

  return {
    version: 1,
    payload,
    requirements,
    network: payload.network,
    authorization,
    key: replayKey(payload.network, requirements.asset, authorization),
  };
}

function decodeV2(header: string): PaymentProof {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header);
  } catch {
    throw invalid(2, "is not base64 JSON");
  }

  return matchV2(decoded, PAYMENT_HEADER[2]);
}

/** A v2 PaymentPayload, however it came (`where` names its carrier in a refusal), matched to the price of a job. */
function matchV2(decoded: unknown, where: string): PaymentProof {
  const parsed = PaymentPayloadV2Schema.safeParse(decoded);
  if (!parsed.success) throw invalidIn(where, "is not an x402 v2 payment payload");
  const payload = parsed.data as PaymentPayloadV2;
  const matcher = new x402ResourceServer().register(configuredNetworkCaip2(), new ExactEvmScheme());
  const requirements = matcher.findMatchingRequirements(jobPaymentRequirementsV2(), payload);
  if (!requirements) {
    throw paymentRequired(
      `No payment option matches scheme ${payload.accepted.scheme} on network ${payload.accepted.network} for this amount and address`,
      {
        reason: "no_matching_requirements",
      },
    );
  }
  const authorization = authorizationOf(where, payload.payload);
  const network = configuredNetwork();

  return { version: 2, payload, requirements, network, authorization, key: replayKey(network, requirements.asset, authorization) };
}

/**
 * The v2 PaymentPayload object of an MCP tool call (`_meta["x402/payment"]`): capped as a header
 * is, then checked and matched exactly as PAYMENT-SIGNATURE's, so it yields the same proof and
 * replay key (one authorization, one job, whichever door it comes through).
 */
function decodeV2Object(payload: unknown): PaymentProof {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch {
    // Nesting too deep to write back out: no payment looks like that.
  }
  if (text === undefined) throw invalidIn(MCP_PAYMENT_META, "is not an x402 v2 payment payload");
  if (text.length > MAX_PAYMENT_OBJECT_CHARS) throw invalidIn(MCP_PAYMENT_META, "is too large to be a payment proof");
  const unstorable = findUnstorableText(payload, "payment");
  if (unstorable) throw invalidIn(MCP_PAYMENT_META, `holds text no payment carries (${unstorable.message})`);

  return matchV2(payload, MCP_PAYMENT_META);
}

/** The payment of a PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1) header, matched to the price of a job; a 402 otherwise. */
export function decodePaymentProof(version: 1 | 2, header: string): PaymentProof {
  if (header.length > MAX_PAYMENT_HEADER_CHARS) throw invalid(version, "is too large to be a payment proof");

  return version === 1 ? decodeV1(header.trim()) : decodeV2(header.trim());
}

/** The payment an x402 caller sent, from a header or as an MCP tool call's payload object, matched to the price of a job; a 402 otherwise. */
export function decodeSentPayment(payment: X402PaymentSent): PaymentProof {
  return "header" in payment ? decodePaymentProof(payment.version, payment.header) : decodeV2Object(payment.payload);
}
