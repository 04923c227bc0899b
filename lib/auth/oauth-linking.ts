import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { accounts, users } from "@/db/schema";

/** Where a refused link sends the browser: the sign-in page's "another sign-in method" message. */
export const OAUTH_NOT_LINKED_REDIRECT = "/sign-in?error=OAuthAccountNotLinked";

/**
 * Whether the provider itself says it checked that the address belongs to this person
 * (Google's `email_verified`; for GitHub our userinfo request sets it from /user/emails).
 */
export function providerVouchesForEmail(profile: unknown): boolean {
  return (profile as { email_verified?: unknown } | undefined)?.email_verified === true;
}

export const normalizeEmail = (email: unknown) => (typeof email === "string" && email ? email.trim().toLowerCase() : null);

/**
 * The signIn decision for an OAuth sign-in. An identity already linked signs in, and an
 * address no account uses makes a new account. An address that an account already uses is
 * linked to it only when both sides proved the mailbox: the account verified its e-mail,
 * and the provider vouches for it. Otherwise whoever registered the address first (or
 * whoever controls an unverified provider address) could take the other one's account.
 */
export async function oauthSignInDecision(input: {
  provider: string;
  providerAccountId: string;
  profile: unknown;
}): Promise<true | string> {
  const db = getDb();
  const [linked] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.provider, input.provider), eq(accounts.providerAccountId, input.providerAccountId)))
    .limit(1);
  if (linked) return true;

  const email = normalizeEmail((input.profile as { email?: unknown } | undefined)?.email);
  if (!email) return true;
  const [owner] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email)).limit(1);
  if (!owner) return true;

  return owner.emailVerified && providerVouchesForEmail(input.profile) ? true : OAUTH_NOT_LINKED_REDIRECT;
}

/**
 * After an OAuth identity is linked: an address the provider vouches for counts as
 * verified on the account that carries it.
 */
export async function markVouchedEmailVerified(userId: string, user: { email?: string | null; emailVerified?: Date | null }) {
  const email = normalizeEmail(user.email);
  if (!email || !user.emailVerified) return;
  await getDb()
    .update(users)
    .set({ emailVerified: new Date() })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerified)));
}
