import { and, eq } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { getDb } from "@/db";
import { accounts, users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { principalUserColumns, type PrincipalUser } from "./principal-user";

/** Provider name under which legacy identities are linked in the accounts table. */
export const LEGACY_PROVIDER = "legacy";

let jwks: { url: string; getKey: JWTVerifyGetKey } | undefined;

function verificationKey(): JWTVerifyGetKey | Uint8Array {
  const env = getEnv();
  if (env.LEGACY_JWT_JWKS_URL) {
    if (jwks?.url !== env.LEGACY_JWT_JWKS_URL) {
      jwks = { url: env.LEGACY_JWT_JWKS_URL, getKey: createRemoteJWKSet(new URL(env.LEGACY_JWT_JWKS_URL)) };
    }

    return jwks.getKey;
  }
  if (env.LEGACY_JWT_SECRET) return new TextEncoder().encode(env.LEGACY_JWT_SECRET);

  throw new ApiError("unauthorized", "Bearer tokens are not accepted by this server");
}

const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Whether a token signed with the shared secret stays valid no longer than the cap: counted
 * from when it was issued, or from now when it names no issue time or one in the future.
 */
function withinLifetimeCap(payload: JWTPayload, maxSeconds: number): boolean {
  const now = Math.floor(Date.now() / 1000);
  const from = typeof payload.iat === "number" ? Math.min(payload.iat, now) : now;

  return typeof payload.exp === "number" && payload.exp - from <= maxSeconds + CLOCK_TOLERANCE_SECONDS;
}

async function verifyToken(token: string): Promise<JWTPayload> {
  const env = getEnv();
  const key = verificationKey();
  // The settings check refuses to start without them; this keeps a key from ever being
  // trusted for tokens minted for another service, whatever the configuration path.
  if (!env.LEGACY_JWT_ISSUER || !env.LEGACY_JWT_AUDIENCE) {
    logger.error("legacy bearer: a legacy key is set without LEGACY_JWT_ISSUER and LEGACY_JWT_AUDIENCE");
    throw new ApiError("unauthorized", "Bearer tokens are not accepted by this server");
  }
  const options = {
    issuer: env.LEGACY_JWT_ISSUER,
    audience: env.LEGACY_JWT_AUDIENCE,
    algorithms: key instanceof Uint8Array ? ["HS256", "HS384", "HS512"] : ["RS256", "ES256", "PS256", "EdDSA"],
    // A token that never expires is not accepted.
    requiredClaims: ["exp"],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  };
  let payload: JWTPayload;
  try {
    ({ payload } = key instanceof Uint8Array ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_JWKS_TIMEOUT" || code === "ERR_JOSE_GENERIC" || !code?.startsWith("ERR_J")) {
      // The key set could not be fetched: the caller still gets a 401, the operator a reason.
      logger.warn("legacy bearer: verification failed for a non-token reason", { reason: (error as Error).message });
    }
    // Signature, expiry, issuer and audience failures all read the same to the caller.
    throw new ApiError("unauthorized", "Invalid or expired bearer token");
  }
  if (key instanceof Uint8Array && !withinLifetimeCap(payload, env.LEGACY_JWT_MAX_LIFETIME_SECONDS)) {
    throw new ApiError("unauthorized", "Invalid or expired bearer token");
  }

  return payload;
}

/**
 * Verifies a JWT of the legacy identity provider and maps it to a user: by its subject
 * (a linked "legacy" account), then by a verified e-mail address.
 */
export async function verifyLegacyBearer(token: string): Promise<PrincipalUser> {
  const payload = await verifyToken(token);
  // PostgreSQL text cannot hold U+0000: a subject or address carrying one names nobody, and
  // must not fail the query.
  if ([payload.sub, payload.email].some((claim) => typeof claim === "string" && claim.includes("\u0000"))) {
    throw new ApiError("unauthorized", "Bearer token does not belong to a StoreLens user");
  }

  if (payload.sub) {
    const [linked] = await getDb()
      .select(principalUserColumns)
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.provider, LEGACY_PROVIDER), eq(accounts.providerAccountId, payload.sub)))
      .limit(1);
    if (linked) return linked;
  }

  const email = typeof payload.email === "string" ? payload.email.toLowerCase() : undefined;
  if (email && payload.email_verified === true) {
    const [byEmail] = await getDb().select(principalUserColumns).from(users).where(eq(users.email, email)).limit(1);
    if (byEmail) return byEmail;
  }

  throw new ApiError("unauthorized", "Bearer token does not belong to a StoreLens user");
}
