import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { userPasswords, users } from "@/db/schema";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { hashPassword } from "./passwords";
import { signUpResponseSchema, signUpSchema, type SignUpInput } from "./schemas";

export const EMAIL_TAKEN_MESSAGE = "An account with this e-mail already exists. Sign in, or reset your password.";

function emailTaken(): ApiError {
  return new ApiError("conflict", EMAIL_TAKEN_MESSAGE, {
    extra: { issues: [{ path: "body.email", message: EMAIL_TAKEN_MESSAGE }] },
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }

  return false;
}

/**
 * Creates an account with an e-mail and a password (argon2id, in user_passwords).
 * Invalid input → 400 invalid_request naming the field; a taken e-mail → 409 conflict.
 */
export async function signUpWithPassword(input: SignUpInput) {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error, "body");
  const { email, password, name } = parsed.data;

  const db = getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw emailTaken();

  const passwordHash = await hashPassword(password);
  try {
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email, name: name ?? null })
        .returning({ id: users.id, email: users.email, name: users.name });
      await tx.insert(userPasswords).values({ userId: row!.id, hash: passwordHash });

      return row!;
    });

    return signUpResponseSchema.parse({ user });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
