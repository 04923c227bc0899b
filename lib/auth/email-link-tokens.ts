import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { passwordResetTokens, users } from "@/db/schema";
import { getEnv } from "@/lib/env";

/**
 * The single-use, expiring links StoreLens sends by e-mail (password reset, e-mail
 * verification). The raw token exists only in the e-mail; the table keeps its SHA-256.
 * Every lookup names the purpose, so a link of one kind never does the other's job.
 */
export type EmailLinkPurpose = "password_reset" | "verify_email";

/** Open links per user and purpose per hour; beyond that none is issued (mail-bombing guard). */
const MAX_OPEN_LINKS_PER_HOUR = 5;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export function emailLinkUrl(path: "/reset-password" | "/verify-email", token: string): string {
  return new URL(`${path}/${encodeURIComponent(token)}`, getEnv().BASE_URL).toString();
}

/** A new raw token for the user, or null when the user already has too many open links. */
export async function issueEmailLinkToken(userId: string, purpose: EmailLinkPurpose, ttlMs: number): Promise<string | null> {
  const db = getDb();
  const [open] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, purpose),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  if ((open?.n ?? 0) >= MAX_OPEN_LINKS_PER_HOUR) return null;

  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });

  return token;
}

/** The user an unspent, unexpired link belongs to (without spending it). */
export async function findUsableEmailLink(
  token: string,
  purpose: EmailLinkPurpose,
): Promise<{ userId: string; email: string | null } | undefined> {
  const [row] = await getDb()
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usable(hashToken(token), purpose, new Date()))
    .limit(1);

  return row;
}

function usable(tokenHash: string, purpose: EmailLinkPurpose, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    eq(passwordResetTokens.purpose, purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/**
 * Spends the link and every other open link of the same user and purpose; returns the
 * user id, or undefined when the link was not usable. The conditional update is the
 * single-use guarantee: of two concurrent uses, one wins.
 */
export async function spendEmailLink(tx: Database | Transaction, token: string, purpose: EmailLinkPurpose): Promise<string | undefined> {
  const now = new Date();
  const [spent] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(hashToken(token), purpose, now))
    .returning({ userId: passwordResetTokens.userId });
  if (!spent) return undefined;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, spent.userId), eq(passwordResetTokens.purpose, purpose), isNull(passwordResetTokens.usedAt)));

  return spent.userId;
}
