import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys, sessions, users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { requestLimitKey } from "@/lib/http/client-address";
import { hashApiKey, isWellFormedApiKey } from "@/lib/api-keys/api-key-crypto";
import { touchApiKey } from "@/lib/api-keys/touch-api-key";
import { verifyLegacyBearer } from "./legacy-bearer";
import { principalUserColumns as userColumns, type PrincipalUser } from "./principal-user";
import { isWellFormedSessionToken } from "./sessions";

/**
 * Who is calling. Resolved once per request by the route wrapper. `ip` is the client's limit
 * key (an IPv4 address or an IPv6 /64, lib/http/client-address.ts), what per-address limits count on.
 */
export type Principal =
  | { kind: "anonymous"; ip: string }
  | { kind: "api_key"; ip: string; user: PrincipalUser; apiKeyId: string }
  | { kind: "bearer"; ip: string; user: PrincipalUser }
  | { kind: "session"; ip: string; user: PrincipalUser }
  | { kind: "x402"; ip: string; payment: X402PaymentSent };

/**
 * An x402 payment as it arrived: the text of a payment header (X-PAYMENT, v1; PAYMENT-SIGNATURE,
 * v2), or the v2 PaymentPayload object an MCP tool call carries in `_meta["x402/payment"]`
 * (lib/mcp/tool-payment.ts), untrusted until lib/billing/x402/proof.ts has checked it.
 */
export type X402PaymentSent = { version: 1 | 2; header: string } | { version: 2; payload: unknown };

export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"];

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      // A malformed escape is a garbage cookie, not a server error.
      return undefined;
    }
  }

  return undefined;
}

/**
 * The session token of the request's cookie, if it could be one. A cookie of any other shape
 * is treated like an expired one (no credential): the browser sends it unasked, and pages,
 * which read the session through Auth.js, see no session either (auth-config.ts).
 */
export function readSessionToken(req: Request): string | undefined {
  for (const name of SESSION_COOKIE_NAMES) {
    const value = readCookie(req, name);
    if (value && isWellFormedSessionToken(value)) return value;
  }

  return undefined;
}

async function userForApiKey(rawKey: string): Promise<{ user: PrincipalUser; apiKeyId: string }> {
  const prefix = getEnv().API_KEY_PREFIX;
  if (!isWellFormedApiKey(rawKey, prefix)) {
    throw new ApiError("unauthorized", "Malformed API key");
  }
  const [row] = await getDb()
    .select({ apiKeyId: apiKeys.id, ...userColumns })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(rawKey)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) throw new ApiError("unauthorized", "Invalid or revoked API key");

  const { apiKeyId, ...user } = row;
  touchApiKey(apiKeyId);

  return { user, apiKeyId };
}

async function userForSession(token: string): Promise<PrincipalUser | null> {
  const [row] = await getDb()
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, token), gt(sessions.expires, new Date())))
    .limit(1);

  return row ?? null;
}

/**
 * Resolves the credentials of a request. A credential that is present but wrong is a 401
 * on every endpoint, public ones included: a caller should learn its key is bad.
 * Precedence: API key, bearer token, session cookie, x402 payment (PAYMENT-SIGNATURE, then X-PAYMENT).
 */
export async function resolvePrincipal(req: Request): Promise<Principal> {
  const ip = requestLimitKey(req.headers);

  const apiKey = req.headers.get("x-api-key");
  if (apiKey !== null) {
    return { kind: "api_key", ip, ...(await userForApiKey(apiKey.trim())) };
  }

  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match?.[1]) throw new ApiError("unauthorized", "Authorization header must be 'Bearer <token>'");
    // MCP clients and most HTTP tools send a key as a bearer token; a JWT never starts with the key prefix.
    if (match[1].startsWith(`${getEnv().API_KEY_PREFIX}_`)) return { kind: "api_key", ip, ...(await userForApiKey(match[1])) };

    return { kind: "bearer", ip, user: await verifyLegacyBearer(match[1]) };
  }

  const sessionToken = readSessionToken(req);
  if (sessionToken) {
    const user = await userForSession(sessionToken);
    // An expired or signed-out cookie is just an anonymous visitor, not an error.
    if (user) return { kind: "session", ip, user };
  }

  // x402 v2 first: a client that sends both speaks v2, and either way one authorization pays once.
  const v2 = req.headers.get("payment-signature");
  if (v2) return { kind: "x402", ip, payment: { version: 2, header: v2 } };
  const v1 = req.headers.get("x-payment");
  if (v1) return { kind: "x402", ip, payment: { version: 1, header: v1 } };

  return { kind: "anonymous", ip };
}
