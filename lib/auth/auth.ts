import NextAuth, { type NextAuthConfig } from "next-auth";
import { getEnv } from "@/lib/env";
import { buildAuthConfig } from "./auth-config";

export type { SessionUser } from "./auth-config";

let config: NextAuthConfig | undefined;

/**
 * next-auth takes the origin of every URL it builds (provider callback URLs, OAuth
 * redirect_uri, the redirects after sign-in and sign-out) from AUTH_URL, read from
 * process.env on each call: the route handlers rewrite the request's origin to it, and
 * signIn()/signOut() build their action URL from it. Without it, that origin is Next's
 * listening address or whatever Host / X-Forwarded-Host the client sent. BASE_URL is the only
 * public origin, so AUTH_URL is always set from it (an AUTH_URL of the environment is ignored).
 */
function pinAuthOrigin(): void {
  process.env.AUTH_URL = new URL(getEnv().BASE_URL).origin;
}

// Lazy: `next build` imports this module, and the database and secret are runtime matters.
// next-auth calls this before it reads AUTH_URL, in the route handlers and in the actions alike.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  pinAuthOrigin();

  return (config ??= buildAuthConfig());
});
