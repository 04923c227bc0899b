/**
 * The access matrix of the API contract, as data. Every endpoint's declaration names one of these
 * rules (lib/<domain>/endpoints.ts), which the route wrapper applies (lib/endpoints/route.ts); the
 * access tests walk every declared endpoint (lib/endpoints/registry.ts) under its rule.
 *
 * Columns follow the contract: anonymous, API key (the legacy bearer token is accepted
 * wherever an API key is), session cookie, and the x402 payment (POST /api/jobs, POST /api/batches).
 */
export type AccessRule = {
  anonymous: boolean;
  apiKey: boolean;
  session: boolean;
  x402: boolean;
  /** Session user must also be on ADMIN_USER_IDS. */
  admin?: boolean;
  /**
   * The price comes from the body (a batch's stores): an anonymous caller is let through to the
   * handler, which reads and checks the body first (400 for a bad one) and answers the priced 402.
   */
  pricedByBody?: boolean;
};

export const ACCESS = {
  /** Public reads: jobs, status, reports, pagespeed, changelog, stores, apps, blog, free export; the MCP endpoint. */
  public: { anonymous: true, apiKey: true, session: true, x402: false },
  /** POST /api/jobs: an account (key or session) or a per-request x402 payment. */
  "jobs.create": { anonymous: false, apiKey: true, session: true, x402: true },
  /** POST /api/batches: an account, or one x402 payment priced by the list (its 402 is the handler's). */
  "batches.create": { anonymous: false, apiKey: true, session: true, x402: true, pricedByBody: true },
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
      if (rule.anonymous || rule.pricedByBody) return null;

      return rule.x402
        ? { code: "payment_required", message: "Payment required" }
        : { code: "unauthorized", message: "Authentication required" };
    case "x402":
      return rule.x402 || rule.anonymous
        ? null
        : { code: "unauthorized", message: "This endpoint does not accept payment; authenticate instead" };
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
