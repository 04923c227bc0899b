import { ApiError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";

/** USDC on the networks we accept (x402 protocol v1 "exact" scheme, EIP-3009). */
const USDC: Record<string, { asset: string; name: string; version: string }> = {
  base: { asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", name: "USD Coin", version: "2" },
  "base-sepolia": { asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", name: "USDC", version: "2" },
};

/** USD string → USDC atomic units (6 decimals), without floating point. */
export function usdToAtomic(usd: string): string {
  const [whole = "0", fraction = ""] = usd.split(".");

  return (BigInt(whole) * 1_000_000n + BigInt((fraction + "000000").slice(0, 6))).toString();
}

/** The payment requirements of POST /api/jobs, in the x402 v1 402 body shape. */
export function jobPaymentRequirements(resource: string) {
  const env = getEnv();
  const token = USDC[env.X402_NETWORK];
  if (!env.X402_PAY_TO || !token) return [];

  return [
    {
      scheme: "exact",
      network: env.X402_NETWORK,
      maxAmountRequired: usdToAtomic(env.X402_PRICE_USD),
      resource,
      description: "One StoreLens store analysis job",
      mimeType: "application/json",
      payTo: env.X402_PAY_TO,
      maxTimeoutSeconds: 300,
      asset: token.asset,
      outputSchema: { input: { type: "http", method: "POST", discoverable: true } },
      extra: { name: token.name, version: token.version },
    },
  ];
}

/** 402 with payment details (contract: POST /api/jobs without credentials). */
export function paymentRequired(req: Request, reason = "Payment required: send an API key, a session, or an X-PAYMENT proof") {
  const resource = new URL("/api/jobs", getEnv().BASE_URL).toString();
  const accepts = jobPaymentRequirements(resource);

  return new ApiError("payment_required", accepts.length ? reason : `${reason} (x402 payments are not configured on this server)`, {
    extra: { x402Version: 1, accepts },
  });
}
