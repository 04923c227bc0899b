import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys, sessions, users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { hashApiKey, isWellFormedApiKey } from "./api-key-crypto";
import { verifyLegacyBearer } from "./legacy-bearer";
import { principalUserColumns as userColumns, type PrincipalUser } from "./principal-user";
import { isWellFormedSessionToken } from "./sessions";

/** Who is calling. Resolved once per request by the route wrapper. */
export type Principal =
  | { kind: "anonymous"; ip: string }
  | { kind: "api_key"; ip: string; user: PrincipalUser; apiKeyId: string }
  | { kind: "bearer"; ip: string; user: PrincipalUser }
  | { kind: "session"; ip: string; user: PrincipalUser }
  | { kind: "x402"; ip: string; paymentHeader: string };

export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"];

export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();

  return forwarded || req.headers.get("x-real-ip") || "unknown";
}

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
  // Best effort, and at most once a minute per key: a busy script must not turn every
  // request into a write, and a lost last-used stamp must never fail the request.
  void getDb()
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, apiKeyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - 60_000)))))
    .catch(() => {});

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
 * Precedence: API key, bearer token, session cookie, x402 payment.
 */
export async function resolvePrincipal(req: Request): Promise<Principal> {
  const ip = clientIp(req);

  const apiKey = req.headers.get("x-api-key");
  if (apiKey !== null) {
    return { kind: "api_key", ip, ...(await userForApiKey(apiKey.trim())) };
  }

  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match?.[1]) throw new ApiError("unauthorized", "Authorization header must be 'Bearer <token>'");

    return { kind: "bearer", ip, user: await verifyLegacyBearer(match[1]) };
  }

  const sessionToken = readSessionToken(req);
  if (sessionToken) {
    const user = await userForSession(sessionToken);
    // An expired or signed-out cookie is just an anonymous visitor, not an error.
    if (user) return { kind: "session", ip, user };
  }

  const payment = req.headers.get("x-payment");
  if (payment) return { kind: "x402", ip, paymentHeader: payment };

  return { kind: "anonymous", ip };
}
