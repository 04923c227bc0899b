import { createHash } from "node:crypto";
import type { Env } from "@/lib/env";
import { getEnv } from "@/lib/env";
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

/** Cookies get the Secure flag (and the __Secure- prefix) when the public origin is https. */
export function isSecureCookies(env: Env = getEnv()): boolean {
  return new URL(env.BASE_URL).protocol === "https:";
}

/** For start-up checks: throws the configuration error now rather than on the first sign-in. */
export function assertAuthConfigured(env: Env = getEnv()): void {
  getAuthSecret(env);
}
