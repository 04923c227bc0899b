import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { userPasswords, users } from "@/db/schema";
import { burnPasswordCheck, verifyPassword } from "./passwords";
import { credentialsSchema } from "./schemas";

/**
 * The Credentials provider's check: the user for a correct e-mail and password, else null.
 * Unknown e-mail and wrong password cost the same time and give the same answer.
 */
export async function verifyCredentials(
  input: unknown,
): Promise<{ id: string; email: string | null; name: string | null; image: string | null } | null> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;

  const [row] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name, image: users.image, hash: userPasswords.hash })
    .from(users)
    .innerJoin(userPasswords, eq(userPasswords.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!row) {
    await burnPasswordCheck(password);

    return null;
  }
  if (!(await verifyPassword(row.hash, password))) return null;

  return { id: row.id, email: row.email, name: row.name, image: row.image };
}
