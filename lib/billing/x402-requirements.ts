import { processPriceToAtomicAmount } from "x402/shared";
import { NetworkSchema, SupportedEVMNetworks, type Network, type PaymentRequirements } from "x402/types";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";

/** x402 is on when a pay-to address is configured; without one nobody could be paid. */
export function isX402Enabled(): boolean {
  return Boolean(getEnv().X402_PAY_TO);
}

function configuredNetwork(): Network {
  const network = NetworkSchema.safeParse(getEnv().X402_NETWORK);
  if (!network.success || !SupportedEVMNetworks.includes(network.data)) {
    throw new Error(`X402_NETWORK=${getEnv().X402_NETWORK} is not an EVM network x402 supports (${SupportedEVMNetworks.join(", ")})`);
  }

  return network.data;
}

/** The price of one job in atomic units of the configured network's USDC (what x402-fetch's maxValue compares). */
export function jobPriceAtomic(): string {
  const price = processPriceToAtomicAmount(`$${getEnv().X402_PRICE_USD}`, configuredNetwork());
  if ("error" in price) throw new Error(`X402_PRICE_USD: ${price.error}`);

  return price.maxAmountRequired;
}

/**
 * The payment requirements of POST /api/jobs (x402 v1, scheme `exact`): the price setting in
 * USDC of the configured network, converted to atomic units by the x402 package itself.
 */
export function jobPaymentRequirements(): PaymentRequirements[] {
  const env = getEnv();
  if (!env.X402_PAY_TO) return [];
  const network = configuredNetwork();
  const price = processPriceToAtomicAmount(`$${env.X402_PRICE_USD}`, network);
  if ("error" in price) throw new Error(`X402_PRICE_USD: ${price.error}`);
  const asset = price.asset as { address: `0x${string}`; eip712?: { name: string; version: string } };

  return [
    {
      scheme: "exact",
      network,
      maxAmountRequired: price.maxAmountRequired,
      resource: new URL("/api/jobs", env.BASE_URL).toString(),
      description:
        `One StoreLens store analysis job (USD ${env.X402_PRICE_USD}). ` +
        `x402-fetch pays at most 0.10 USDC by default: pass maxValue >= ${price.maxAmountRequired} (atomic units).`,
      mimeType: "application/json",
      payTo: env.X402_PAY_TO,
      maxTimeoutSeconds: 300,
      asset: asset.address,
      outputSchema: {
        input: { type: "http", method: "POST", discoverable: true, bodyType: "json", bodyFields: { domain: { type: "string", required: true } } },
      },
      extra: asset.eip712 ? { name: asset.eip712.name, version: asset.eip712.version } : undefined,
    },
  ];
}

/**
 * The answer to a caller without credentials on POST /api/jobs: 402 with the x402 v1 payment
 * requirements; or, when x402 is off, a 401 that says to use an API key (never a 402 with
 * nothing to pay).
 */
export function paymentRequired(
  reason = "Payment required: send an API key, a session, or an X-PAYMENT proof (x402)",
  extra: Record<string, unknown> = {},
): ApiError {
  if (!isX402Enabled()) {
    return new ApiError(
      "unauthorized",
      "Authentication required: send an API key (X-API-Key) or sign in. Pay-per-job (x402) is not enabled on this server.",
    );
  }

  return new ApiError("payment_required", reason, { extra: { x402Version: 1, accepts: jobPaymentRequirements(), ...extra } });
}

/** A proof pays for one job, ever: the answer to any second use of it. */
export const paymentAlreadyUsed = () =>
  paymentRequired("This payment proof was already used: a proof pays for one job only", { reason: "payment_already_used" });
