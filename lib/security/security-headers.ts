import { randomBytes } from "node:crypto";
import { configuredOAuthProviders, type OAuthProviderId } from "@/lib/auth/oauth-providers";
import { getEnv, type Env } from "@/lib/env";

/**
 * Where an OAuth sign-in form ends up: the server action answers with a redirect to the
 * provider's authorization page, and Chromium applies `form-action` to a form submission's
 * redirects (a click before hydration, or without JavaScript, is a real form POST).
 */
const OAUTH_AUTHORIZATION_ORIGINS: Record<OAuthProviderId, string> = {
  github: "https://github.com",
  google: "https://accounts.google.com",
};

/**
 * The Content-Security-Policy every answer carries.
 * - Scripts: only those carrying this answer's nonce, and what they load ('strict-dynamic').
 *   Next reads the nonce from the request's policy and puts it on every script it renders (its
 *   bootstrap, the RSC payload, React's streaming); every page is rendered per request anyway
 *   (force-dynamic), so the nonce costs no caching. An injected <script> has no nonce and
 *   does not run. `'self'` and `'unsafe-inline'` are ignored by browsers that know nonces: they
 *   keep older ones working. `'unsafe-eval'` only in development (React's dev tooling).
 *   Without a nonce (an answer that is never a page) no inline script runs at all.
 * - Styles: React writes `style` attributes (progress bar width, price bands) into the HTML.
 * - Images: product pictures come from the store's CDN (cdn.shopify.com or the store's domain).
 * - Connections: `'self'` (fetch, the SSE stream and, in CSP3 browsers, the same-origin
 *   WebSocket); the BASE_URL socket origin is named too, for browsers that predate CSP3's rule.
 */
type Policy = { withNonce(nonce: string | undefined): string; withHashes(hashes: readonly string[]): string };

function contentSecurityPolicy(env: Env): Policy {
  const base = new URL(env.BASE_URL);
  const https = base.protocol === "https:";
  const socketOrigin = `${https ? "wss" : "ws"}://${base.host}`;
  const formTargets = configuredOAuthProviders(env).map((provider) => OAUTH_AUTHORIZATION_ORIGINS[provider.id]);
  const development = env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [];
  const scripts = (nonce: string | undefined) =>
    ["script-src 'self'", ...(nonce ? [`'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline'`] : []), ...development].join(" ");
  // A page kept in memory is sent to many readers, so it cannot carry a nonce of its own: its
  // inline scripts are allowed by their digests, its files by 'self' (no 'strict-dynamic':
  // Next loads further chunks from /_next/static, same origin).
  const hashedScripts = (hashes: readonly string[]) =>
    ["script-src 'self'", ...hashes.map((hash) => `'${hash}'`), ...development].join(" ");
  const rest = [
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
    // Only over https: on an http origin it would send every subresource to a port that does not answer.
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");

  return {
    withNonce: (nonce) => `default-src 'self'; ${scripts(nonce)}; ${rest}`,
    withHashes: (hashes) => `default-src 'self'; ${hashedScripts(hashes)}; ${rest}`,
  };
}

/** A fresh nonce for one answer's scripts: 128 random bits, as CSP asks. */
export function scriptNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The security headers of every answer of this server: pages, API answers (errors included),
 * static files and the custom server's own answers (unknown API paths, refused WebSocket
 * upgrades). One definition, from the settings and, for an answer that may be a page, its nonce.
 *
 * Set by the custom server rather than next.config `headers()` or `proxy.ts`: config headers
 * are fixed when the app is built, and these depend on run-time settings (BASE_URL's scheme,
 * development, OAuth providers) and on the request (the nonce); the server sees every request,
 * its own answers included, without running Next's proxy on each.
 */
export function securityHeaders(env: Env = getEnv(), nonce?: string): Record<string, string> {
  const set = headerSetOf(env);

  return { "content-security-policy": set.policy.withNonce(nonce), ...set.fixed };
}

/**
 * The security headers of a page answered from memory (server/public-answers/public-answers.ts): the same
 * headers, with a policy allowing exactly the inline scripts of that page (`sha256-…` sources).
 */
export function securityHeadersForScripts(env: Env, hashes: readonly string[]): Record<string, string> {
  const set = headerSetOf(env);

  return { "content-security-policy": set.policy.withHashes(hashes), ...set.fixed };
}

type HeaderSet = { policy: Policy; fixed: Record<string, string> };

/** Everything but the nonce follows from the settings alone: derived once per settings object, not per answer. */
const headerSets = new WeakMap<Env, HeaderSet>();

function headerSetOf(env: Env): HeaderSet {
  let set = headerSets.get(env);
  if (!set) {
    const https = new URL(env.BASE_URL).protocol === "https:";
    set = {
      policy: contentSecurityPolicy(env),
      fixed: {
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
        "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        // Only when the public origin is https: browsers ignore it over http, and a development host must not be pinned to https.
        ...(https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
      },
    };
    headerSets.set(env, set);
  }

  return set;
}
