// What a password must be, apart from hashing: the sign-up and reset forms check it in the
// browser before sending, so nothing here may import a server-only module.
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 200;

const CHARACTER_CLASSES = ["a-z", "A-Z", "0-9", "^a-zA-Z0-9"];

const TOO_SHORT = `Password is too weak: use at least ${PASSWORD_MIN_LENGTH} characters.`;
const TOO_LONG = `Password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
const ONE_KIND = "Password is too weak: mix at least two kinds of character (lower case, upper case, digits, symbols).";
export const PASSWORD_IS_EMAIL_MESSAGE = "Password is too weak: it must not be your e-mail address.";

/**
 * At least two of the character classes, as one pattern the OpenAPI document can state
 * (a lookahead for each pair): what a client generating passwords from the document sends
 * is what the server takes.
 */
const TWO_KINDS = new RegExp(
  `^(?:${CHARACTER_CLASSES.flatMap((a, i) => CHARACTER_CLASSES.slice(i + 1).map((b) => `(?=[\\s\\S]*[${a}])(?=[\\s\\S]*[${b}])`)).join("|")})`,
);

/** Whether the password is the e-mail address or its local part (checked where the address is known). */
export function passwordIsEmail(password: string, email: string): boolean {
  const lowered = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();

  return lowered === address || lowered === address.split("@")[0];
}

/**
 * Why a password is too weak, as a sentence for the form, or null when it is acceptable:
 * at least 10 characters, at least two kinds of character, and not the e-mail address.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return TOO_LONG;
  if (!TWO_KINDS.test(password)) return ONE_KIND;
  if (email && passwordIsEmail(password, email)) return PASSWORD_IS_EMAIL_MESSAGE;

  return null;
}

/** A new password in an API body: the same rule, one issue at a time, stated in the document (not the e-mail rule). */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, { message: TOO_SHORT, abort: true })
  .max(PASSWORD_MAX_LENGTH, { message: TOO_LONG, abort: true })
  .regex(TWO_KINDS, ONE_KIND)
  .describe(
    `At least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters, of at least two kinds (lower case, upper case, digits, symbols), and not the account's e-mail address or its part before the @`,
  );
