import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { isEmailVerificationRequired } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { limitVerificationResends } from "@/lib/limits/auth-limits";
import { queueMail } from "@/lib/mail";
import { emailLinkUrl, issueEmailLinkToken, spendEmailLink } from "./email-link-tokens";
import { principalUserColumns, type PrincipalUser } from "./principal-user";

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const VERIFY_LINK_INVALID_MESSAGE =
  "This confirmation link is invalid, was already used or has expired. Sign in and ask for a new one from your dashboard.";
export const EMAIL_UNVERIFIED_MESSAGE =
  "Confirm your e-mail address before starting a job: open the link we e-mailed you, or ask for a new one from your dashboard (POST /api/auth/verify-email/resend).";

/** Mails a single-use link (24 hours) that confirms the address of the account. */
export async function sendVerificationMail(user: { id: string; email: string }): Promise<void> {
  const token = await issueEmailLinkToken(user.id, "verify_email", VERIFY_TOKEN_TTL_MS);
  if (!token) {
    logger.warn("verification mail dropped: too many open links", { userId: user.id });

    return;
  }
  const link = emailLinkUrl("/verify-email", token);
  await queueMail({
    to: user.email,
    subject: "Confirm your StoreLens e-mail address",
    text: [
      "Welcome to StoreLens. Confirm that this address is yours:",
      "",
      link,
      "",
      "The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.",
    ].join("\n"),
    html: [
      "<p>Welcome to StoreLens. Confirm that this address is yours:</p>",
      `<p><a href="${link}">Confirm my e-mail address</a></p>`,
      "<p>The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.</p>",
    ].join("\n"),
  });
}

/** Spends a confirmation link and marks the account's e-mail verified. */
export async function confirmEmail(token: string): Promise<{ message: string }> {
  if (typeof token !== "string" || token.length < 20 || token.length > 200) throw invalidLink();
  await getDb().transaction(async (tx) => {
    const userId = await spendEmailLink(tx, token, "verify_email");
    if (!userId) throw invalidLink();
    await tx
      .update(users)
      .set({ emailVerified: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerified)));
  });

  return { message: "Your e-mail address is confirmed. You can start jobs now." };
}

function invalidLink(): ApiError {
  return new ApiError("invalid_request", VERIFY_LINK_INVALID_MESSAGE, {
    extra: { issues: [{ path: "body.token", message: VERIFY_LINK_INVALID_MESSAGE }] },
  });
}

/** "Send the confirmation e-mail again" for the signed-in account (rate limited). */
export async function resendVerificationMail(user: PrincipalUser): Promise<{ message: string }> {
  if (user.emailVerified) return { message: "Your e-mail address is already confirmed." };
  if (!user.email) throw new ApiError("conflict", "This account has no e-mail address to confirm.");
  await limitVerificationResends(user.id);
  await sendVerificationMail({ id: user.id, email: user.email });

  return { message: `We have sent a new confirmation link to ${user.email}. It works once, for 24 hours.` };
}

/**
 * The one gate in front of job submission: with REQUIRE_EMAIL_VERIFICATION on, an account
 * that has not confirmed its address gets 403 email_unverified, whatever credential it uses.
 */
export function assertEmailVerifiedForJobs(user: PrincipalUser): void {
  if (user.emailVerified || !isEmailVerificationRequired()) return;
  throw new ApiError("email_unverified", EMAIL_UNVERIFIED_MESSAGE, {
    extra: { resend_url: "/api/auth/verify-email/resend" },
  });
}

/** What the dashboard needs for its banner: whether this account still has to confirm. */
export async function emailVerificationStatus(userId: string): Promise<{ required: boolean; verified: boolean; email: string | null }> {
  const user = await principalUser(userId);

  return { required: isEmailVerificationRequired(), verified: Boolean(user?.emailVerified), email: user?.email ?? null };
}

/** resendVerificationMail for a signed-in page's user id (the dashboard banner's button). */
export async function resendVerificationMailFor(userId: string): Promise<{ message: string }> {
  const user = await principalUser(userId);
  if (!user) throw new ApiError("unauthorized", "Sign in first.");

  return resendVerificationMail(user);
}

async function principalUser(userId: string): Promise<PrincipalUser | undefined> {
  const [user] = await getDb().select(principalUserColumns).from(users).where(eq(users.id, userId)).limit(1);

  return user;
}
