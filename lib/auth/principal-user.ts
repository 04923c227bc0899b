import { users } from "@/db/schema";

/** The account behind a request, as every credential (key, bearer, session) resolves it. */
export type PrincipalUser = {
  id: string;
  email: string | null;
  name: string | null;
  plan: string;
  /** When the e-mail was confirmed (link, password reset, or an OAuth provider's word). */
  emailVerified: Date | null;
};

/** The columns that make a PrincipalUser, for every query that resolves a credential. */
export const principalUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  plan: users.plan,
  emailVerified: users.emailVerified,
};
