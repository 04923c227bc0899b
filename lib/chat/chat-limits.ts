import { isEmailVerificationRequired } from "@/lib/env";

/**
 * The chat limits per caller tier. Fixed figures, not settings: a plan does not change them
 * (docs/decisions.md §11).
 */
export const CHAT_LIMITS = {
  /** API key, bearer token or session of an account (a verified one, when verification is on): keyed on the user id. */
  user: { perMinute: 10, dailyTokens: 200_000 },
  /** Anonymous, and accounts still to confirm their e-mail when verification is on: keyed on the client address. */
  anonymous: { perMinute: 3, dailyTokens: 20_000 },
} as const;

export type ChatTier = keyof typeof CHAT_LIMITS;
export type ChatLimits = { perMinute: number; dailyTokens: number };

/** Length of the sliding request window. */
export const CHAT_WINDOW_MS = 60_000;

/**
 * Tokens set aside for one request before the model is called, and the most one request
 * may spend: the answer loop stops before a step would pass it. Concurrent requests can
 * therefore overspend the daily budget by at most one reservation.
 */
export const CHAT_REQUEST_TOKEN_CEILING = 8_000;

/** Who a limit applies to: `user:<id>`, or `ip:<limit key>` (an IPv4 address or an IPv6 /64) for anonymous callers. */
export type ChatSubject = { key: string; tier: ChatTier };

/**
 * With e-mail verification on, an account that has not confirmed its address is an anonymous
 * caller to the chat, counted on its client address with anonymous ones: such accounts cost
 * nothing to make, so keyed on their own ids they would multiply the anonymous budget of one
 * address by the number of sign-ups.
 */
export function chatSubjectFor(
  principal: { ip: string; user?: { id: string; emailVerified: Date | null } },
  verificationRequired: boolean = isEmailVerificationRequired(),
): ChatSubject {
  const { user } = principal;
  if (user && (user.emailVerified || !verificationRequired)) return { key: `user:${user.id}`, tier: "user" };

  return { key: `ip:${principal.ip}`, tier: "anonymous" };
}

/** The UTC calendar day of `at` (the budget resets at 00:00 UTC). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole seconds from `at` to the next 00:00 UTC (at least 1). */
export function secondsUntilUtcMidnight(at: Date): number {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);

  return Math.max(1, Math.ceil((midnight - at.getTime()) / 1000));
}
