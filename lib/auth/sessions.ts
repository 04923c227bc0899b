import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { sessions } from "@/db/schema";

/** 30 days, refreshed by Auth.js at most once a day (SESSION_UPDATE_AGE_SECONDS). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/**
 * The two shapes a session cookie can have: ours (32 random bytes as base64url, createSession)
 * and Auth.js's own for OAuth sign-ins (a random UUID). Anything else names no session, so it
 * is refused before a query: a percent-decoded NUL, for one, makes PostgreSQL fail the query.
 */
const SESSION_TOKEN_SHAPE = /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function isWellFormedSessionToken(token: string): boolean {
  return SESSION_TOKEN_SHAPE.test(token);
}

/**
 * Inserts a database session row (the revocable kind) and returns its token, which is
 * the cookie value. 256 random bits.
 */
export async function createSession(options: {
  userId: string;
  maxAgeSeconds?: number;
  db?: Database | Transaction;
}): Promise<{ sessionToken: string; expires: Date }> {
  const sessionToken = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + (options.maxAgeSeconds ?? SESSION_MAX_AGE_SECONDS) * 1000);
  await (options.db ?? getDb()).insert(sessions).values({ sessionToken, userId: options.userId, expires });

  return { sessionToken, expires };
}

/** Signs a user out everywhere: every session row goes, so every cookie stops working. */
export async function revokeUserSessions(options: { userId: string; db?: Database | Transaction }): Promise<number> {
  const rows = await (options.db ?? getDb())
    .delete(sessions)
    .where(eq(sessions.userId, options.userId))
    .returning({ token: sessions.sessionToken });

  return rows.length;
}
