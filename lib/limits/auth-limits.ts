import { getEnv } from "@/lib/env";
import { consumeRateLimit, enforceRateLimit, rateLimited } from "./rate-limit";

export type AuthAction = "sign-in" | "sign-up" | "password-reset";

/**
 * Counts one attempt of `action` from `ip` on `email` and says whether it may proceed: a
 * brute-force guess, or a flood of argon2 hashes, stops at the per-address and per-account
 * limits (in the database, so every instance counts the same attempts).
 */
export async function checkAuthAttempt(
  action: AuthAction,
  ip: string,
  email: string | undefined,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const env = getEnv();
  const verdicts = await Promise.all([
    ip === "unknown" ? null : consumeRateLimit(`auth:${action}:ip:${ip}`, env.AUTH_ATTEMPTS_PER_MINUTE_PER_IP, 60),
    email ? consumeRateLimit(`auth:${action}:account:${email.trim().toLowerCase()}`, env.AUTH_ATTEMPTS_PER_MINUTE_PER_ACCOUNT, 60) : null,
  ]);
  const refused = verdicts.filter((v) => v !== null && !v.allowed);

  return { allowed: refused.length === 0, retryAfterSeconds: Math.max(0, ...refused.map((v) => v!.retryAfterSeconds)) };
}

/** The 429 version of checkAuthAttempt, for the JSON endpoints (sign-up, password reset). */
export async function limitAuthAttempt(action: AuthAction, ip: string, email: string | undefined): Promise<void> {
  const { allowed, retryAfterSeconds } = await checkAuthAttempt(action, ip, email);
  if (!allowed) throw rateLimited("Too many attempts; wait a minute and try again", "per_minute", retryAfterSeconds);
}

/** "Send the confirmation e-mail again": a few per hour per account (each one is a mail out). */
export async function limitVerificationResends(userId: string): Promise<void> {
  await enforceRateLimit(`auth:verify-resend:user:${userId}`, 3, "hour", "At most 3 confirmation e-mails per hour; check your spam folder");
}
