import type { IncomingHttpHeaders } from "node:http";

/** Headers resolvePrincipal (./principal.ts) reads as the caller, whatever their value. */
const CREDENTIAL_HEADERS = ["x-api-key", "authorization", "payment-signature", "x-payment"] as const;

/** Auth.js's session cookie, plain or `__Secure-`, whole or chunked (`.0`, `.1`). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token/;

/**
 * Whether a request names a caller at all: an API key, an Authorization header, a session
 * cookie or a payment. Only a request with none of them is answered the same for everyone;
 * one with any of them must meet the route wrapper, which refuses a revoked or malformed
 * credential with 401 on public endpoints too, so a revoked key is refused from the next
 * request (docs/decisions.md §8.1, §8.2).
 */
export function carriesCredential(headers: IncomingHttpHeaders): boolean {
  if (CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined)) return true;

  return SESSION_COOKIE.test(headers.cookie ?? "");
}
