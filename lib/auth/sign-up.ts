import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { userPasswords, users } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { getEnv, isEmailVerificationRequired } from "@/lib/env";
import { invalidRequest } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { consumeRateLimit } from "@/lib/limits/rate-limit";
import { queueMail } from "@/lib/mail";
import { sendVerificationMail } from "./email-verification";
import { hashPassword } from "./passwords";
import { signUpResponseSchema, signUpSchema, type SignUpInput, type SignUpResponse } from "./schemas";

/** The one answer of a sign-up, new or taken address alike (it depends on the settings only). */
export function signUpAcceptedMessage(verificationRequired = isEmailVerificationRequired()): string {
  return verificationRequired
    ? "Check your e-mail: we have sent a link to confirm the address (if the address already has an account, the e-mail says how to get in). You can sign in now, and start jobs once it is confirmed."
    : "Thanks. Sign in with this e-mail and password (if the address already had an account, its own password still applies).";
}

/**
 * Creates an account with an e-mail and a password (argon2id, in user_passwords) and mails
 * a confirmation link. The answer never says whether the address already had an account:
 * both cases hash the password (the same argon2 cost), record one e-mail and answer the
 * same body; the owner of a taken address is told by e-mail instead. Invalid input → 400.
 */
export async function signUpWithPassword(input: SignUpInput): Promise<SignUpResponse> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error, "body");
  const { email, password, name } = parsed.data;
  const passwordHash = await hashPassword(password);

  const db = getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  let created: { id: string; email: string } | undefined;
  if (!existing) {
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email, name: name ?? null })
          .returning({ id: users.id });
        await tx.insert(userPasswords).values({ userId: row!.id, hash: passwordHash });

        return { id: row!.id, email };
      });
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides, the loser is "taken".
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (created) await sendVerificationMail(created);
  else await tellOwnerOfSignUpAttempt(email);

  const verificationRequired = isEmailVerificationRequired();

  return signUpResponseSchema.parse({ message: signUpAcceptedMessage(verificationRequired), verification_required: verificationRequired });
}

/** "Someone tried to sign up with your address": at most three a day per address. */
async function tellOwnerOfSignUpAttempt(email: string): Promise<void> {
  const { allowed } = await consumeRateLimit(`mail:sign-up-attempt:${email}`, 3, 24 * 3600);
  if (!allowed) {
    logger.warn("sign-up attempt mail dropped: too many for this address today");

    return;
  }
  const signIn = new URL("/sign-in", getEnv().BASE_URL).toString();
  const reset = new URL("/reset-password", getEnv().BASE_URL).toString();
  await queueMail({
    to: email,
    subject: "Someone tried to sign up to StoreLens with your address",
    text: [
      "Someone (perhaps you) tried to create a StoreLens account with this e-mail address, which already has one.",
      "",
      `If it was you, sign in: ${signIn}`,
      `Forgot the password? Reset it: ${reset}`,
      "",
      "If it was not you, nothing changed: you can ignore this e-mail.",
    ].join("\n"),
    html: [
      "<p>Someone (perhaps you) tried to create a StoreLens account with this e-mail address, which already has one.</p>",
      `<p>If it was you, <a href="${signIn}">sign in</a>. Forgot the password? <a href="${reset}">Reset it</a>.</p>`,
      "<p>If it was not you, nothing changed: you can ignore this e-mail.</p>",
    ].join("\n"),
  });
}
