/**
 * Test fixtures for credentials: users, sessions, API keys and the requests that carry
 * them. Used by the access-matrix test and by any route test that needs a caller.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { apiKeys, users } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys";
import { getEnv } from "@/lib/env";
import { createSession } from "@/lib/auth/sessions";
import { signUpWithPassword } from "@/lib/auth/sign-up";

export const TEST_ORIGIN = "http://localhost:3000";

export async function createTestUser(options: { id?: string; email?: string; name?: string } = {}) {
  const suffix = crypto.randomUUID().slice(0, 8);
  const [user] = await getDb()
    .insert(users)
    .values({
      ...(options.id ? { id: options.id } : {}),
      email: options.email ?? `user-${suffix}@example.test`,
      name: options.name ?? `Test ${suffix}`,
      emailVerified: new Date(),
    })
    .returning();

  return user!;
}

/**
 * Signs up through the real sign-up (argon2 hash, confirmation mail), which answers without
 * naming the account; returns the account it made (unverified e-mail).
 */
export async function signUpTestUser(input: { email: string; password: string; name?: string }) {
  await signUpWithPassword(input);
  const [user] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, input.email.trim().toLowerCase()));
  if (!user) throw new Error(`sign-up made no account for ${input.email}`);

  return user;
}

/** A signed-in session row; the value is what the browser's cookie would carry. */
export async function createTestSession(userId: string): Promise<string> {
  return (await createSession({ userId })).sessionToken;
}

export async function createTestApiKey(userId: string, name = "test key") {
  const created = await createApiKey({ userId, name });

  return { id: created.api_key.id, key: created.key };
}

export async function revokeTestApiKey(id: string) {
  await getDb().update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
}

/** A key of the right shape that was never issued. */
export function malformedApiKey(): string {
  return `${getEnv().API_KEY_PREFIX}_not-a-real-key`;
}

export const sessionCookieHeader = (token: string) => ({ cookie: `authjs.session-token=${token}` });
export const apiKeyHeader = (key: string) => ({ "x-api-key": key });

/** A user (Free unless `values` say otherwise) and the API-key header that calls as them. */
export async function createKeyedUser(values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createTestUser();
  if (Object.keys(values).length) await getDb().update(users).set(values).where(eq(users.id, user.id));
  const { key } = await createTestApiKey(user.id);

  return { user, headers: apiKeyHeader(key) };
}
export const bearerHeader = (token: string) => ({ authorization: `Bearer ${token}` });
