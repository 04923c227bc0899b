import { getEnv } from "@/lib/env";

// Whether this server takes x402 payments, apart from requirements.ts: asking costs no x402
// package (viem and its chain tables weigh tens of MB a server without paying callers never loads).

/** x402 is on when a pay-to address is configured; without one nobody could be paid. */
export function isX402Enabled(): boolean {
  return Boolean(getEnv().X402_PAY_TO);
}

/** The price of one job paid with x402, in USD as configured ("0.50"); null when x402 is off. */
export function x402JobPriceUsd(): string | null {
  return isX402Enabled() ? getEnv().X402_PRICE_USD : null;
}
