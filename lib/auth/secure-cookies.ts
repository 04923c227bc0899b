import { getEnv, type Env } from "@/lib/env";
import { getAuthSecret } from "@/lib/secrets/auth-secret";

/** Cookies get the Secure flag (and the __Secure- prefix) when the public origin is https. */
export function isSecureCookies(env: Env = getEnv()): boolean {
  return new URL(env.BASE_URL).protocol === "https:";
}

/** For start-up checks: throws the configuration error now rather than on the first sign-in. */
export function assertAuthConfigured(env: Env = getEnv()): void {
  getAuthSecret(env);
}
