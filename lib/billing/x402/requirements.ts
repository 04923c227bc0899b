import { getEvmChainIdV1 } from "@x402/evm/v1";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired as PaymentRequiredV2, PaymentRequirements as PaymentRequirementsV2 } from "@x402/core/types";
import { processPriceToAtomicAmount } from "x402/shared";
import { NetworkSchema, SupportedEVMNetworks, type Network, type PaymentRequirements } from "x402/types";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { isX402Enabled } from "./enabled";
import { jobDiscovery, jobOutputSchemaV1 } from "./discovery";
import type { JobPaymentRequirements, PaymentRequiredBody } from "@/lib/jobs/schemas";

export { isX402Enabled };

/** The configured network by its x402 v1 name (`base`, `base-sepolia`). */
export function configuredNetwork(): Network {
  const network = NetworkSchema.safeParse(getEnv().X402_NETWORK);
  if (!network.success || !SupportedEVMNetworks.includes(network.data)) {
    throw new Error(`X402_NETWORK=${getEnv().X402_NETWORK} is not an EVM network x402 supports (${SupportedEVMNetworks.join(", ")})`);
  }

  return network.data;
}

/** The configured network as x402 v2 names it: CAIP-2 (`eip155:8453` for base). */
export function configuredNetworkCaip2(): `${string}:${string}` {
  return `eip155:${getEvmChainIdV1(configuredNetwork())}`;
}

/** The price of one job in atomic units of the configured network's USDC (what x402-fetch's maxValue compares). */
export function jobPriceAtomic(): string {
  const price = processPriceToAtomicAmount(`$${getEnv().X402_PRICE_USD}`, configuredNetwork());
  if ("error" in price) throw new Error(`X402_PRICE_USD: ${price.error}`);

  return price.maxAmountRequired;
}

/**
 * What a payment buys: one job (POST /api/jobs), or a batch of `stores` jobs (POST /api/batches),
 * priced once at the price of a job times its stores. One price source, one payment path.
 */
export type Offer = ({ kind: "job" } | { kind: "batch"; stores: number }) & {
  /** Its x402 v2 discovery extensions (Bazaar and payment-identifier), declared by what is bought. */
  discovery: () => Record<string, unknown>;
  /** Its x402 v1 `outputSchema`. */
  outputSchemaV1: () => Record<string, unknown>;
};

export const JOB_OFFER: Offer = { kind: "job", discovery: jobDiscovery, outputSchemaV1: jobOutputSchemaV1 };

const resourceOf = (offer: Offer) => new URL(offer.kind === "job" ? "/api/jobs" : "/api/batches", getEnv().BASE_URL).toString();

function descriptionOf(offer: Offer): string {
  const price = getEnv().X402_PRICE_USD;
  if (offer.kind === "job") return `One StoreLens store analysis job (USD ${price}).`;

  return `A StoreLens batch of ${offer.stores} store analysis jobs, paid once (USD ${price} a job).`;
}

/** The offer's price in atomic units: a job's price, times the batch's stores. */
function amountOf(offer: Offer, jobPrice: string): string {
  return offer.kind === "job" ? jobPrice : (BigInt(jobPrice) * BigInt(offer.stores)).toString();
}

/**
 * The payment requirements of the offer (x402 v1, scheme `exact`): the price setting in USDC of
 * the configured network, converted to atomic units by the x402 package itself.
 */
export function paymentRequirements(offer: Offer = JOB_OFFER): PaymentRequirements[] {
  const env = getEnv();
  if (!env.X402_PAY_TO) return [];
  const network = configuredNetwork();
  const price = processPriceToAtomicAmount(`$${env.X402_PRICE_USD}`, network);
  if ("error" in price) throw new Error(`X402_PRICE_USD: ${price.error}`);
  const asset = price.asset as { address: `0x${string}`; eip712?: { name: string; version: string } };
  const amount = amountOf(offer, price.maxAmountRequired);

  return [
    {
      scheme: "exact",
      network,
      maxAmountRequired: amount,
      resource: resourceOf(offer),
      description: `${descriptionOf(offer)} x402-fetch pays at most 0.10 USDC by default: pass maxValue >= ${amount} (atomic units).`,
      mimeType: "application/json",
      payTo: env.X402_PAY_TO,
      maxTimeoutSeconds: 300,
      asset: asset.address,
      outputSchema: offer.outputSchemaV1(),
      extra: asset.eip712 ? { name: asset.eip712.name, version: asset.eip712.version } : undefined,
    },
  ];
}

/** The payment requirements of POST /api/jobs. */
export const jobPaymentRequirements = () => paymentRequirements(JOB_OFFER);

/** The same offer in x402 v2 terms: one price source, the network as CAIP-2, `amount` for `maxAmountRequired`. */
export function paymentRequirementsV2(offer: Offer = JOB_OFFER): PaymentRequirementsV2[] {
  return paymentRequirements(offer).map((v1) => ({
    scheme: v1.scheme,
    network: configuredNetworkCaip2(),
    amount: v1.maxAmountRequired,
    asset: v1.asset,
    payTo: v1.payTo,
    maxTimeoutSeconds: v1.maxTimeoutSeconds,
    extra: v1.extra ?? {},
  }));
}

export const jobPaymentRequirementsV2 = () => paymentRequirementsV2(JOB_OFFER);

/**
 * The v2 PaymentRequired of the offer, with the Bazaar declaration of its input and output and
 * the payment-identifier one.
 */
export function paymentRequiredV2(offer: Offer = JOB_OFFER, error?: string): PaymentRequiredV2 {
  return {
    x402Version: 2,
    ...(error ? { error } : {}),
    resource: { url: resourceOf(offer), description: descriptionOf(offer), mimeType: "application/json" },
    accepts: paymentRequirementsV2(offer),
    extensions: offer.discovery(),
  };
}

export const jobPaymentRequiredV2 = (error?: string) => paymentRequiredV2(JOB_OFFER, error);

/**
 * The answer to a caller without credentials on POST /api/jobs (or POST /api/batches, priced by
 * its list: `offer`): 402 with the x402 v1 payment requirements in the body and the v2 ones in the PAYMENT-REQUIRED header (docs/decisions.md §8.5);
 * or, when x402 is off, a 401 that says to use an API key (never a 402 with nothing to pay).
 */
export function paymentRequired(
  reason = "Payment required: send an API key, a session, or an x402 payment (PAYMENT-SIGNATURE for v2, X-PAYMENT for v1)",
  extra: Record<string, unknown> = {},
  offer: Offer = JOB_OFFER,
): ApiError {
  if (!isX402Enabled()) {
    return new ApiError(
      "unauthorized",
      "Authentication required: send an API key (X-API-Key) or sign in. Pay-per-job (x402) is not enabled on this server.",
    );
  }

  // Typed by the documented 402 body, so what x402 answers and what the OpenAPI document says cannot part.
  const accepts: JobPaymentRequirements[] = paymentRequirements(offer);
  const body: Omit<PaymentRequiredBody, "error" | "code"> = { x402Version: 1, accepts };

  return new ApiError("payment_required", reason, {
    extra: { ...body, ...extra },
    // The header names the refusal by its code; the body says it in words. Its text can be a
    // facilitator's, of any length, and the whole header must stay within a proxy's 4 KB buffer.
    headers: {
      "PAYMENT-REQUIRED": encodePaymentRequiredHeader(
        paymentRequiredV2(offer, typeof extra.reason === "string" ? extra.reason : "payment_required"),
      ),
    },
  });
}

/** A proof pays for one job (or one batch), ever: the answer to any second use of it. */
export const paymentAlreadyUsed = (offer: Offer = JOB_OFFER) =>
  paymentRequired(
    "This payment proof was already used: a proof pays for one job (or one batch) only",
    { reason: "payment_already_used" } satisfies Pick<PaymentRequiredBody, "reason">,
    offer,
  );
