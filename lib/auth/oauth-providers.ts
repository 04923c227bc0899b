import type { OAuthConfig } from "@auth/core/providers";
import GitHub, { type GitHubProfile } from "next-auth/providers/github";
import Google, { type GoogleProfile } from "next-auth/providers/google";
import { getEnv, type Env } from "@/lib/env";
import { normalizeEmail, providerVouchesForEmail } from "./oauth-linking";

export type OAuthProviderId = "github" | "google";

/** OAuth providers whose credentials are configured; the sign-in page shows only these. */
export function configuredOAuthProviders(env: Env = getEnv()): { id: OAuthProviderId; name: string }[] {
  const list: { id: OAuthProviderId; name: string }[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) list.push({ id: "github", name: "GitHub" });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) list.push({ id: "google", name: "Google" });

  return list;
}

/**
 * The user an OAuth profile maps to. `emailVerified` carries the provider's word about the
 * address to the linkAccount event (Auth.js creates the user unverified regardless).
 */
function mappedUser(id: string, name: string | null | undefined, email: unknown, image: string | null | undefined, profile: unknown) {
  return {
    id,
    name: name ?? null,
    email: normalizeEmail(email),
    image: image ?? null,
    emailVerified: providerVouchesForEmail(profile) ? new Date() : null,
  };
}

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

/**
 * GitHub's /user does not say whether its e-mail is verified: ask /user/emails (the
 * user:email scope) and keep the public address if verified, else the verified primary one.
 * `enterpriseBaseUrl` points it at GitHub Enterprise (or a stand-in on loopback in tests).
 */
export function githubProvider(options: {
  clientId?: string;
  clientSecret?: string;
  enterpriseBaseUrl?: string;
}): OAuthConfig<GitHubProfile> {
  const base = GitHub({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    ...(options.enterpriseBaseUrl ? { enterprise: { baseUrl: options.enterpriseBaseUrl } } : {}),
    allowDangerousEmailAccountLinking: true, // decided by oauthSignInDecision (auth-config signIn)
  });
  const apiBase = options.enterpriseBaseUrl ? `${options.enterpriseBaseUrl}/api/v3` : "https://api.github.com";

  return {
    ...base,
    userinfo: {
      url: `${apiBase}/user`,
      async request({ tokens }: { tokens: { access_token?: string } }) {
        const headers = { Authorization: `Bearer ${tokens.access_token}`, "User-Agent": "storelens" };
        const profile = (await (await fetch(`${apiBase}/user`, { headers })).json()) as GitHubProfile & { email_verified?: boolean };
        const response = await fetch(`${apiBase}/user/emails`, { headers });
        const emails = response.ok ? ((await response.json()) as GitHubEmail[]) : [];
        const verified = emails.filter((e) => e.verified);
        const chosen = verified.find((e) => e.email.toLowerCase() === profile.email?.toLowerCase()) ?? verified.find((e) => e.primary);
        if (chosen) {
          profile.email = chosen.email;
          profile.email_verified = true;
        } else {
          profile.email ??= emails.find((e) => e.primary)?.email ?? null;
          profile.email_verified = false;
        }

        return profile;
      },
    },
    profile: (profile) => mappedUser(String(profile.id), profile.name ?? profile.login, profile.email, profile.avatar_url, profile),
  } as OAuthConfig<GitHubProfile>;
}

export function googleProvider(options: { clientId?: string; clientSecret?: string }): OAuthConfig<GoogleProfile> {
  return Google({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    allowDangerousEmailAccountLinking: true, // decided by oauthSignInDecision (auth-config signIn)
    profile: (profile) => mappedUser(profile.sub, profile.name, profile.email, profile.picture, profile),
  });
}
