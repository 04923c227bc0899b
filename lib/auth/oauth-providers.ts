import { getEnv, type Env } from "@/lib/env";

export type OAuthProviderId = "github" | "google";

/** OAuth providers whose credentials are configured; the sign-in page shows only these. */
export function configuredOAuthProviders(env: Env = getEnv()): { id: OAuthProviderId; name: string }[] {
  const list: { id: OAuthProviderId; name: string }[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) list.push({ id: "github", name: "GitHub" });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) list.push({ id: "google", name: "Google" });

  return list;
}
