/**
 * The access matrix of the API contract, as data. Every route handler names one of these
 * rules through the route wrapper (lib/endpoints/route.ts); the access tests walk the same table.
 *
 * Columns follow the contract: anonymous, API key (the legacy bearer token is accepted
 * wherever an API key is), session cookie, and the x402 payment (POST /api/jobs only).
 */
export type AccessRule = {
  anonymous: boolean;
  apiKey: boolean;
  session: boolean;
  x402: boolean;
  /** Session user must also be on ADMIN_USER_IDS. */
  admin?: boolean;
};

export const ACCESS = {
  /** Public reads: jobs, status, reports, pagespeed, changelog, stores, apps, blog, free export; the MCP endpoint. */
  public: { anonymous: true, apiKey: true, session: true, x402: false },
  /** POST /api/jobs: an account (key or session) or a per-request x402 payment. */
  "jobs.create": { anonymous: false, apiKey: true, session: true, x402: true },
  /** GET, POST /api/shops. */
  account: { anonymous: false, apiKey: true, session: true, x402: false },
  /** API keys and store-detail analytics: the signed-in person only, never a key. */
  "session-only": { anonymous: false, apiKey: false, session: true, x402: false },
  /** Operator endpoints (admin retry). */
  admin: { anonymous: false, apiKey: false, session: true, x402: false, admin: true },
  /** POST /api/billing/checkout: single_report is buyable without an account. */
  checkout: { anonymous: true, apiKey: true, session: true, x402: false },
  /** POST /api/stripe/webhook: Stripe sends no credentials; the signature is checked by the handler. */
  "stripe-webhook": { anonymous: true, apiKey: true, session: true, x402: false },
  /** POST /api/chat: anonymous allowed with stricter limits. */
  chat: { anonymous: true, apiKey: true, session: true, x402: false },
} as const satisfies Record<string, AccessRule>;

export type AccessName = keyof typeof ACCESS;

/** The kinds of caller the matrix has columns for (lib/auth/principal.ts resolves them). */
export type CallerKind = "anonymous" | "x402" | "api_key" | "bearer" | "session";

export type AccessRefusal = { code: "payment_required" | "unauthorized" | "forbidden"; message: string };

/**
 * Why a caller of this kind is refused under the rule, or null when the matrix lets it in.
 * The HTTP wrapper and the tool registry (lib/tools) both ask here, so a route and a tool
 * with the same rule admit the same callers (docs/decisions.md §8.1). A session's origin and
 * the admin list are the wrapper's further checks.
 */
export function accessRefusal(kind: CallerKind, access: AccessName): AccessRefusal | null {
  const rule: AccessRule = ACCESS[access];
  switch (kind) {
    case "anonymous":
      if (rule.anonymous) return null;

      return rule.x402 ? { code: "payment_required", message: "Payment required" } : { code: "unauthorized", message: "Authentication required" };
    case "x402":
      return rule.x402 || rule.anonymous ? null : { code: "unauthorized", message: "This endpoint does not accept payment; authenticate instead" };
    case "api_key":
    case "bearer":
      return rule.apiKey ? null : { code: "forbidden", message: "This endpoint requires a signed-in session; API keys are not accepted" };
    case "session":
      return rule.session ? null : { code: "forbidden", message: "This endpoint does not accept a session" };
  }
}

/** Rules under which the handler may run without a signed-in user. */
export type AllowsNoUser<A extends AccessName> = (typeof ACCESS)[A]["anonymous"] extends true
  ? true
  : (typeof ACCESS)[A]["x402"] extends true
    ? true
    : false;

/**
 * Every endpoint of the API with its rule. The access-matrix test walks this list, and the
 * OpenAPI document is built from it; a new route joins by adding a line here.
 */
export const ENDPOINTS: { method: string; path: string; access: AccessName }[] = [
  { method: "GET", path: "/api/health", access: "public" },
  { method: "GET", path: "/api/api-keys", access: "session-only" },
  { method: "POST", path: "/api/api-keys", access: "session-only" },
  { method: "DELETE", path: "/api/api-keys/:id", access: "session-only" },
  { method: "POST", path: "/api/auth/sign-up", access: "public" },
  { method: "POST", path: "/api/auth/reset-password", access: "public" },
  { method: "POST", path: "/api/auth/reset-password/confirm", access: "public" },
  { method: "POST", path: "/api/auth/verify-email", access: "public" },
  { method: "POST", path: "/api/auth/verify-email/resend", access: "account" },
  { method: "POST", path: "/api/jobs", access: "jobs.create" },
  { method: "GET", path: "/api/jobs", access: "public" },
  { method: "GET", path: "/api/jobs/:id", access: "public" },
  { method: "GET", path: "/api/jobs/:id/status", access: "public" },
  { method: "GET", path: "/api/reports/:id", access: "public" },
  { method: "GET", path: "/api/pagespeed/:jobId", access: "public" },
  { method: "GET", path: "/api/changelog/:jobId", access: "public" },
  { method: "GET", path: "/api/stores", access: "public" },
  { method: "GET", path: "/api/stores/:slug", access: "public" },
  { method: "GET", path: "/api/apps", access: "public" },
  { method: "GET", path: "/api/apps/:name", access: "public" },
  { method: "GET", path: "/api/jobs/:id/events", access: "public" },
  { method: "POST", path: "/api/admin/jobs/:id/retry", access: "admin" },
  { method: "GET", path: "/api/openapi.json", access: "public" },
  { method: "GET", path: "/api/billing", access: "account" },
  { method: "POST", path: "/api/billing/checkout", access: "checkout" },
  { method: "POST", path: "/api/billing/portal", access: "session-only" },
  { method: "POST", path: "/api/stripe/webhook", access: "stripe-webhook" },
  { method: "POST", path: "/api/chat", access: "chat" },
  { method: "GET", path: "/api/free-export", access: "public" },
  { method: "GET", path: "/api/blog", access: "public" },
  { method: "GET", path: "/api/blog/:slug", access: "public" },
  { method: "GET", path: "/api/shops", access: "account" },
  { method: "POST", path: "/api/shops", access: "account" },
  { method: "DELETE", path: "/api/shops/:slug", access: "account" },
  { method: "GET", path: "/api/store-detail/:slug/analytics", access: "session-only" },
  { method: "GET", path: "/api/store-detail/:slug/inventory", access: "session-only" },
  { method: "GET", path: "/api/store-detail/:slug/inventory/events", access: "session-only" },
  { method: "GET", path: "/api/store-detail/:slug/inventory/product/:shopifyId", access: "session-only" },
  { method: "GET", path: "/api/store-detail/:slug/compare", access: "session-only" },
  // The MCP server: anyone may connect; each tool applies its own endpoint's rule (lib/tools).
  { method: "POST", path: "/api/mcp", access: "public" },
];
