import { createHash, hkdfSync } from "node:crypto";
import { getEnv, type Env } from "@/lib/env";
import { logger } from "@/lib/log";

let warned = false;

/**
 * The Auth.js secret (CSRF tokens, OAuth state cookies). Required in production. In
 * development and test a stable secret is derived from BASE_URL, with a loud warning,
 * so local sign-ins survive restarts without any setup.
 */
export function getAuthSecret(env: Env = getEnv()): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production") {
    throw new Error("AUTH_SECRET is required in production: set it to a random value (openssl rand -base64 32).");
  }
  if (!warned) {
    warned = true;
    logger.warn(
      "!!! AUTH_SECRET is not set: using a derived DEVELOPMENT secret. Anyone can forge it. " +
        "Never run like this in production; set AUTH_SECRET (openssl rand -base64 32). !!!",
    );
  }

  return createHash("sha256").update(`storelens-insecure-development-secret|${env.BASE_URL}`).digest("base64url");
}

/**
 * A 256-bit key for one purpose, derived from the auth secret (HKDF-SHA256), so a key that
 * leaks for one use says nothing about the secret or the other keys.
 */
export function deriveSecretKey(purpose: string, env: Env = getEnv()): Buffer {
  return Buffer.from(hkdfSync("sha256", getAuthSecret(env), "storelens", purpose, 32));
}
