import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { accounts, apiKeys, passwordResetTokens, userPasswords, users } from "@/db/schema";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { hashPassword, passwordProblem } from "./passwords";
import { passwordResetRequestSchema, passwordResetSchema } from "./schemas";
import { revokeUserSessions } from "./sessions";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Open links per user per hour; beyond that requests are dropped silently (mail-bombing guard). */
const MAX_OPEN_TOKENS_PER_HOUR = 5;

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail, we have sent a link to reset its password. The link works once, for one hour.";
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid, was already used or has expired. Ask for a new one.";

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export function resetPasswordUrl(token: string): string {
  return new URL(`/reset-password/${encodeURIComponent(token)}`, getEnv().BASE_URL).toString();
}

/**
 * Sends a single-use reset link valid for one hour. Answers the same whether or not the
 * address has an account, so the form cannot be used to find out who has one.
 */
export async function requestPasswordReset(input: unknown): Promise<{ message: string }> {
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error, "body");
  const { email } = parsed.data;

  const db = getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { message: RESET_REQUESTED_MESSAGE };

  const [open] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  if ((open?.n ?? 0) >= MAX_OPEN_TOKENS_PER_HOUR) {
    logger.warn("password reset request dropped: too many open links", { userId: user.id });

    return { message: RESET_REQUESTED_MESSAGE };
  }

  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = resetPasswordUrl(token);
  await sendMail({
    to: email,
    subject: "Reset your StoreLens password",
    text: [
      "Someone (hopefully you) asked to reset the password of your StoreLens account.",
      "",
      `Set a new password: ${link}`,
      "",
      "The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.",
    ].join("\n"),
    html: [
      "<p>Someone (hopefully you) asked to reset the password of your StoreLens account.</p>",
      `<p><a href="${link}">Set a new password</a></p>`,
      "<p>The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.</p>",
    ].join("\n"),
  });

  return { message: RESET_REQUESTED_MESSAGE };
}

/** Whether a reset link can still be used (for the reset page, before the form is shown). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);

  return Boolean(row);
}

function invalidLink(): ApiError {
  return new ApiError("invalid_request", RESET_LINK_INVALID_MESSAGE, {
    extra: { issues: [{ path: "body.token", message: RESET_LINK_INVALID_MESSAGE }] },
  });
}

/**
 * Sets a new password with a reset token: the token is spent (single use, along with
 * every other open link of the user) and every session of the user is revoked.
 */
export async function resetPassword(input: unknown): Promise<{ message: string; userId: string }> {
  const parsed = passwordResetSchema.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error, "body");
  const { token, password } = parsed.data;
  const tokenHash = hashToken(token);

  const db = getDb();
  const [candidate] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!candidate) throw invalidLink();

  const problem = passwordProblem(password, candidate.email ?? undefined);
  if (problem) {
    throw new ApiError("invalid_request", problem, { extra: { issues: [{ path: "body.password", message: problem }] } });
  }
  const passwordHash = await hashPassword(password);

  await db.transaction(async (tx) => {
    const now = new Date();
    // The conditional update is the single-use guarantee: of two concurrent resets, one wins.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (spent.length === 0) throw invalidLink();

    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, candidate.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .insert(userPasswords)
      .values({ userId: candidate.userId, hash: passwordHash, updatedAt: now })
      .onConflictDoUpdate({ target: userPasswords.userId, set: { hash: passwordHash, updatedAt: now } });
    // The link proved the mailbox is theirs.
    await tx
      .update(users)
      .set({ emailVerified: now })
      .where(and(eq(users.id, candidate.userId), isNull(users.emailVerified)));
    await revokeUserSessions({ userId: candidate.userId, db: tx });
    // Whoever held the account before the reset (someone who registered this e-mail first)
    // keeps nothing: its API keys and linked OAuth logins go with the old password.
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, candidate.userId), isNull(apiKeys.revokedAt)));
    await tx.delete(accounts).where(eq(accounts.userId, candidate.userId));
  });

  return { message: "Your password has been changed. Sign in with the new password.", userId: candidate.userId };
}
