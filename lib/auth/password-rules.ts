// What a password must be, apart from hashing: the sign-up and reset forms check it in the
// browser before sending, so nothing here may import a server-only module.

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 200;

const CHARACTER_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/**
 * Why a password is too weak, as a sentence for the form, or null when it is acceptable:
 * at least 10 characters, at least two kinds of character, and not the e-mail address.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password is too weak: use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (CHARACTER_CLASSES.filter((re) => re.test(password)).length < 2) {
    return "Password is too weak: mix at least two kinds of character (lower case, upper case, digits, symbols).";
  }
  if (email) {
    const lowered = password.trim().toLowerCase();
    const address = email.trim().toLowerCase();
    if (lowered === address || lowered === address.split("@")[0]) {
      return "Password is too weak: it must not be your e-mail address.";
    }
  }

  return null;
}
