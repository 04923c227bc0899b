import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { accounts, userPasswords, users } from "@/db/schema";
import { revokeUserApiKeys } from "@/lib/api-keys/revoke-user-api-keys";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { queueMail } from "@/lib/mail";
import { emailLinkUrl, findUsableEmailLink, issueEmailLinkToken, spendEmailLink } from "./email-link-tokens";
import { passwordProblem } from "./password-rules";
import { hashPassword } from "./passwords";
import { passwordResetRequestSchema, passwordResetSchema } from "./schemas";
import { revokeUserSessions } from "./sessions";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail, we have sent a link to reset its password. The link works once, for one hour.";
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid, was already used or has expired. Ask for a new one.";

/**
 * Sends a single-use reset link valid for one hour. Answers the same whether or not the
 * address has an account, so the form cannot be used to find out who has one: the mail is
 * only recorded before the answer, its delivery happens after (queueMail).
 */
export async function requestPasswordReset(input: unknown): Promise<{ message: string }> {
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error, "body");
  const { email } = parsed.data;

  const [user] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { message: RESET_REQUESTED_MESSAGE };

  const token = await issueEmailLinkToken(user.id, "password_reset", RESET_TOKEN_TTL_MS);
  if (!token) {
    logger.warn("password reset request dropped: too many open links", { userId: user.id });

    return { message: RESET_REQUESTED_MESSAGE };
  }
  const link = emailLinkUrl("/reset-password", token);
  await queueMail({
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
  return Boolean(await findUsableEmailLink(token, "password_reset"));
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

  const candidate = await findUsableEmailLink(token, "password_reset");
  if (!candidate) throw invalidLink();

  const problem = passwordProblem(password, candidate.email ?? undefined);
  if (problem) {
    throw new ApiError("invalid_request", problem, { extra: { issues: [{ path: "body.password", message: problem }] } });
  }
  const passwordHash = await hashPassword(password);

  const db = getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    // Spends this link and every other open reset link of the user.
    const spentBy = await spendEmailLink(tx, token, "password_reset");
    if (spentBy !== candidate.userId) throw invalidLink();

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
    await revokeUserApiKeys(tx, candidate.userId, now);
    await tx.delete(accounts).where(eq(accounts.userId, candidate.userId));
  });

  return { message: "Your password has been changed. Sign in with the new password.", userId: candidate.userId };
}
