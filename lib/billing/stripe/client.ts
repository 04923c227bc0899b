import Stripe from "stripe";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";

let cached: { key: string; client: Stripe } | undefined;

/** Whether card payments are configured (a secret key is set). */
export function isStripeEnabled(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

/**
 * The Stripe SDK client of this process. STRIPE_API_BASE points it at another origin (a fake
 * Stripe on loopback in tests) through the SDK's own host/port/protocol options.
 */
export function getStripe(): Stripe {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new ApiError("unavailable", "Card payments are not configured on this server");
  const cacheKey = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_BASE ?? ""}`;
  if (cached?.key === cacheKey) return cached.client;

  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port ? Number(base.port) : base.protocol === "https:" ? 443 : 80,
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: "StoreLens" },
  });
  cached = { key: cacheKey, client };

  return client;
}

/** Stripe's answer to a bad request, as our error body (its message is meant for developers). */
export function toStripeApiError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new ApiError(error.statusCode && error.statusCode < 500 ? "invalid_request" : "unavailable", `Stripe: ${error.message}`);
  }
  throw error;
}
