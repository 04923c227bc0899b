import { hash, verify, type Algorithm } from "@node-rs/argon2";

/** argon2id (the package's const enum cannot be imported under isolatedModules). */
const ARGON2ID = 2 as Algorithm;
/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A fixed hash to verify against when the account does not exist, so a sign-in with an
// unknown e-mail takes as long as one with a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("storelens-timing-equalizer");
  await verifyPassword(await dummyHash, password);
}

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
