import type { Adapter } from "@auth/core/adapters";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { NextAuthConfig } from "next-auth";
import { encode as defaultEncode } from "next-auth/jwt";
import { CredentialsSignin } from "@auth/core/errors";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { sameSiteRedirect } from "./callback-url";
import { markVouchedEmailVerified, oauthSignInDecision } from "./oauth-linking";
import { configuredOAuthProviders, githubProvider, googleProvider } from "./oauth-providers";
import { getAuthSecret } from "@/lib/secrets/auth-secret";
import { isSecureCookies } from "./secure-cookies";
import { createSession, isWellFormedSessionToken, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./sessions";
import { checkAuthAttempt } from "@/lib/limits/auth-limits";
import { requestLimitKey } from "@/lib/http/client-address";
import { verifyCredentials } from "./verify-credentials";

/** Redirects to the sign-in page with `?error=CredentialsSignin&code=rate_limited`. */
class TooManySignInAttempts extends CredentialsSignin {
  code = "rate_limited";
}

/** The user as a session shows it: never a password hash, a plan secret or a token. */
export type SessionUser = { id: string; name: string | null; email: string | null; image: string | null };

/**
 * The adapter with every session-token lookup refused up front when the cookie cannot be a
 * session token: pages (auth()) and /api/auth then see no session and Auth.js clears the
 * cookie, instead of a failed query (a NUL byte) and an error in the log.
 */
function refuseMalformedSessionTokens(adapter: Adapter): Adapter {
  const { getSessionAndUser, updateSession, deleteSession } = adapter;

  return {
    ...adapter,
    getSessionAndUser: async (token) => (isWellFormedSessionToken(token) ? (getSessionAndUser?.(token) ?? null) : null),
    updateSession: async (session) => (isWellFormedSessionToken(session.sessionToken) ? updateSession?.(session) : null),
    deleteSession: async (token) => {
      if (isWellFormedSessionToken(token)) await deleteSession?.(token);
    },
  };
}

/**
 * The Auth.js configuration. Kept apart from the NextAuth instance (./auth.ts) because it
 * only needs @auth/core pieces, so tests can drive it through Auth() directly.
 */
export function buildAuthConfig(): NextAuthConfig {
  const env = getEnv();
  const adapter = refuseMalformedSessionTokens(
    DrizzleAdapter(getDb(), {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
  );

  const providers: NextAuthConfig["providers"] = [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (raw, request) => {
        const email = typeof raw?.email === "string" ? raw.email : undefined;
        const { allowed } = await checkAuthAttempt("sign-in", requestLimitKey(request.headers), email);
        if (!allowed) throw new TooManySignInAttempts();

        return verifyCredentials(raw);
      },
    }),
  ];
  for (const { id } of configuredOAuthProviders(env)) {
    if (id === "github") providers.push(githubProvider({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET }));
    if (id === "google") providers.push(googleProvider({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }));
  }

  return {
    adapter,
    providers,
    secret: getAuthSecret(env),
    // Auth.js refuses to answer without it; the Host header still chooses nothing, because
    // next-auth builds every URL on AUTH_URL, pinned to BASE_URL (./auth.ts).
    trustHost: true,
    basePath: "/api/auth",
    useSecureCookies: isSecureCookies(env),
    // No explicit strategy: with an adapter Auth.js uses database sessions, and naming
    // "database" explicitly would make it refuse a credentials-only provider list.
    session: { maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    callbacks: {
      // An OAuth identity may join an existing account only when both sides proved the address.
      async signIn({ account, profile }) {
        if (account?.type !== "oauth" && account?.type !== "oidc") return true;

        return oauthSignInDecision({ provider: account.provider, providerAccountId: account.providerAccountId, profile });
      },
      // One rule for every callbackUrl, the sign-in form's and those posted to /api/auth directly:
      // Auth.js's default appends any path (`//evil`, `/\evil`, control characters) to the origin.
      redirect: sameSiteRedirect,
      // Required: next-auth would otherwise hand the whole users row to auth() callers.
      session({ session, user }) {
        const safe: SessionUser = { id: user.id, name: user.name ?? null, email: user.email ?? null, image: user.image ?? null };

        return { expires: session.expires, user: safe } as unknown as typeof session;
      },
      // Credentials sign-ins always pass through jwt + jwt.encode, even with database sessions.
      jwt({ token, account }) {
        if (account?.provider === "credentials") token.credentials = true;

        return token;
      },
    },
    events: {
      // `profile` here is the mapped user: its emailVerified is the provider's word (oauth-providers.ts).
      async linkAccount({ user, profile }) {
        if (user.id) await markVouchedEmailVerified(user.id, profile);
      },
    },
    jwt: {
      // The verified recipe (docs/decisions.md §13.3): a credentials sign-in gets a real, revocable
      // session row, and the cookie carries that row's token instead of a JWE.
      async encode(params) {
        if (params.token?.credentials) {
          if (!params.token.sub) throw new Error("credentials sign-in without a user id");
          const { sessionToken } = await createSession({
            userId: params.token.sub,
            maxAgeSeconds: params.maxAge ?? SESSION_MAX_AGE_SECONDS,
          });

          return sessionToken;
        }

        return defaultEncode(params);
      },
    },
    logger: {
      error(error) {
        // `type` survives minification, `name` does not.
        const type = (error as { type?: string }).type ?? error.name;
        if (isCallerMistake(type, error.message)) {
          logger.debug("auth request refused", { type, message: error.message });
          return;
        }
        logger.error("auth error", { type, message: error.message });
      },
      warn(code) {
        logger.warn("auth warning", { code });
      },
      debug() {},
    },
  };
}

/**
 * Errors any caller provokes with a request of its own making (a wrong password, an unknown
 * action or provider, a form without its CSRF token, a state or callback URL it made up, a used
 * e-mail link): answered with a 400 or a redirect, and not server errors, or anyone could fill
 * the error log from outside.
 */
const CALLER_MISTAKES = new Set([
  "CredentialsSignin",
  "UnknownAction",
  "MissingCSRF",
  "InvalidCheck",
  "InvalidCallbackUrl",
  "InvalidProvider",
  "Verification",
]);

function isCallerMistake(type: string, message: string): boolean {
  // An unknown provider id in the path is a plain Error in next-auth 5's beta.
  return CALLER_MISTAKES.has(type) || /^Provider with id "[^"]*" not found/.test(message);
}
