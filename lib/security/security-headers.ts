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
 * - Scripts: Next's App Router inlines its bootstrap and RSC payload (`self.__next_f.push`), so
 *   `'unsafe-inline'`. Nonces would need `proxy.ts` and force every page, the cached store pages
 *   and blog included, to render per request; the rest stays tight instead: no other origin,
 *   no plugins, no `<base>`, no framing. `'unsafe-eval'` only in development (React's dev tooling).
 * - Styles: React writes `style` attributes (progress bar width, price bands) into the HTML.
 * - Images: product pictures come from the store's CDN (cdn.shopify.com or the store's domain).
 * - Connections: `'self'` (fetch, the SSE stream and, in CSP3 browsers, the same-origin
 *   WebSocket); the BASE_URL socket origin is named too, for browsers that predate CSP3's rule.
 */
function contentSecurityPolicy(env: Env): string {
  const base = new URL(env.BASE_URL);
  const https = base.protocol === "https:";
  const socketOrigin = `${https ? "wss" : "ws"}://${base.host}`;
  const formTargets = configuredOAuthProviders(env).map((provider) => OAUTH_AUTHORIZATION_ORIGINS[provider.id]);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
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
  ];

  return directives.join("; ");
}

/**
 * The security headers of every answer of this server: pages, API answers (errors included),
 * static files and the custom server's own answers (unknown API paths, refused WebSocket
 * upgrades). One definition, computed from the settings at start-up.
 *
 * Set by the custom server rather than next.config `headers()`: those are fixed when the app
 * is built, and these depend on run-time settings (BASE_URL's scheme, development, OAuth providers).
 */
export function securityHeaders(env: Env = getEnv()): Record<string, string> {
  const https = new URL(env.BASE_URL).protocol === "https:";

  return {
    "content-security-policy": contentSecurityPolicy(env),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    // Only when the public origin is https: browsers ignore it over http, and a development host must not be pinned to https.
    ...(https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
