import NextAuth, { type NextAuthConfig } from "next-auth";
import { buildAuthConfig } from "./auth-config";

export type { SessionUser } from "./auth-config";

let config: NextAuthConfig | undefined;

// Lazy: `next build` imports this module, and the database and secret are runtime matters.
export const { handlers, auth, signIn, signOut } = NextAuth(() => (config ??= buildAuthConfig()));
