/**
 * The access matrix, table-driven: every declared endpoint (ENDPOINTS, lib/endpoints/registry.ts)
 * × every kind of caller. A new endpoint joins by its declaration; its handler is found by
 * convention (testing/auth/route-handlers.ts). Path parameters get a placeholder id,
 * so an allowed caller should get a 2xx/4xx answer of the handler (typically 400 or 404),
 * never the wrapper's 401/402/403.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { accounts } from "@/db/schema";
import { route } from "@/lib/endpoints/route";
import { resetEnvCache } from "@/lib/env";
import { ENDPOINTS } from "@/lib/endpoints/registry";
import { ACCESS, type AccessName, type AccessRule } from "./access";
import { LEGACY_PROVIDER } from "./legacy-bearer";
import {
  apiKeyHeader,
  bearerHeader,
  createTestApiKey,
  createTestSession,
  createTestUser,
  malformedApiKey,
  revokeTestApiKey,
  sessionCookieHeader,
  TEST_ORIGIN,
} from "@/testing/auth/fixtures";
import { startLegacyIdp, type LegacyIdp } from "@/testing/auth/legacy-idp";
import { loadRouteHandler, placeholderParams } from "@/testing/auth/route-handlers";
import { testEndpoint } from "@/testing/test-endpoint";

const CALLERS = [
  "anonymous",
  "valid key",
  "revoked key",
  "malformed key",
  "other user's session",
  "session",
  "valid bearer",
  "expired bearer",
] as const;
type Caller = (typeof CALLERS)[number];

type Expected = { allowed: true } | { allowed: false; status: 401 | 402 | 403; code: string };

const deny = (status: 401 | 402 | 403): Expected => ({
  allowed: false,
  status,
  code: { 401: "unauthorized", 402: "payment_required", 403: "forbidden" }[status],
});
const allow: Expected = { allowed: true };

/** What the contract (and docs/decisions.md §7, §8.1) says each caller gets under a rule. */
function expectedFor(rule: AccessRule, caller: Caller): Expected {
  switch (caller) {
    case "anonymous":
      // A rule priced by the body lets the caller through to the handler, which checks the body
      // first and prices it (below: POST /api/batches, 402 for a valid list).
      return rule.anonymous || rule.pricedByBody ? allow : deny(rule.x402 ? 402 : 401);
    case "valid key":
    case "valid bearer":
      return rule.apiKey ? allow : deny(403);
    case "revoked key":
    case "malformed key":
    case "expired bearer":
      // A credential that is present but wrong is refused everywhere, public endpoints too.
      return deny(401);
    case "session":
      return rule.session ? allow : deny(403);
    case "other user's session":
      // The "session" user is the administrator; the other user is not.
      return rule.session && !rule.admin ? allow : deny(403);
  }
}

let idp: LegacyIdp;
const headersFor = {} as Record<Caller, Record<string, string>>;

beforeAll(async () => {
  idp = await startLegacyIdp();
  const adminId = `admin-${crypto.randomUUID()}`;
  process.env.LEGACY_JWT_JWKS_URL = idp.jwksUrl;
  process.env.LEGACY_JWT_ISSUER = idp.issuer;
  process.env.LEGACY_JWT_AUDIENCE = idp.audience;
  process.env.ADMIN_USER_IDS = adminId;
  // x402 on: an anonymous caller of POST /api/jobs is offered payment (402), not just refused.
  process.env.X402_PAY_TO = "0x2222222222222222222222222222222222222222";
  resetEnvCache();

  const admin = await createTestUser({ id: adminId });
  const other = await createTestUser();
  await getDb()
    .insert(accounts)
    .values({ userId: admin.id, type: "oidc", provider: LEGACY_PROVIDER, providerAccountId: "legacy-sub-admin" });
  const valid = await createTestApiKey(admin.id, "valid");
  const revoked = await createTestApiKey(admin.id, "revoked");
  await revokeTestApiKey(revoked.id);

  headersFor.anonymous = {};
  headersFor["valid key"] = apiKeyHeader(valid.key);
  headersFor["revoked key"] = apiKeyHeader(revoked.key);
  headersFor["malformed key"] = apiKeyHeader(malformedApiKey());
  headersFor.session = sessionCookieHeader(await createTestSession(admin.id));
  headersFor["other user's session"] = sessionCookieHeader(await createTestSession(other.id));
  headersFor["valid bearer"] = bearerHeader(await idp.sign({ sub: "legacy-sub-admin" }));
  headersFor["expired bearer"] = bearerHeader(await idp.sign({ sub: "legacy-sub-admin" }, { expiresIn: -3600 }));
});

afterAll(async () => {
  for (const key of ["LEGACY_JWT_JWKS_URL", "LEGACY_JWT_ISSUER", "LEGACY_JWT_AUDIENCE", "ADMIN_USER_IDS", "X402_PAY_TO"]) {
    delete process.env[key];
  }
  resetEnvCache();
  await idp?.close();
});

const HAS_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// Each request from its own address (198.18.0.0/15, reserved for tests): the matrix sends
// hundreds of requests a second, which from one address would trip the IP cooldown.
let requestsSent = 0;
const nextAddress = () => {
  requestsSent += 1;

  return `198.18.${(requestsSent >> 8) & 255}.${requestsSent & 255}`;
};

/** Endpoints that speak something other than a JSON object: the request their handler expects. */
const SAMPLE_REQUESTS: Record<string, { body: string; headers: Record<string, string> }> = {
  // The MCP server speaks JSON-RPC; an allowed caller gets the tool list.
  "/api/mcp": {
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    headers: { accept: "application/json, text/event-stream" },
  },
};

function buildRequest(method: string, url: string, headers: Record<string, string>): Request {
  const sample = SAMPLE_REQUESTS[url];

  return new Request(`${TEST_ORIGIN}${url}`, {
    method,
    headers: {
      "x-forwarded-for": nextAddress(),
      ...(HAS_BODY.has(method) ? { "content-type": "application/json" } : {}),
      ...sample?.headers,
      ...headers,
    },
    body: HAS_BODY.has(method) ? (sample?.body ?? "{}") : undefined,
  });
}

async function assertOutcome(response: Response, expected: Expected) {
  const text = await response.text();
  // An allowed MCP call may answer as an event stream; every refusal is the JSON error body.
  const isJson = response.headers.get("content-type")?.includes("json") ?? false;
  const body = text && (isJson || response.status >= 400) ? (JSON.parse(text) as Record<string, unknown>) : null;
  if (expected.allowed) {
    expect([401, 402, 403], `wrapper refused an allowed caller: ${text}`).not.toContain(response.status);
    expect(response.status, text).toBeLessThan(500);
  } else {
    expect(response.status, text).toBe(expected.status);
    expect(body?.code).toBe(expected.code);
  }
  if (response.status >= 400) {
    expect(typeof body?.error, "error body has a message").toBe("string");
    expect(typeof body?.code, "error body has a code").toBe("string");
  }
}

describe("access matrix: every endpoint × every caller", () => {
  it("lists every endpoint once", () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  for (const endpoint of ENDPOINTS) {
    describe(`${endpoint.method} ${endpoint.path} (${endpoint.access})`, () => {
      const rule: AccessRule = ACCESS[endpoint.access];
      for (const caller of CALLERS) {
        const expected = expectedFor(rule, caller);
        const outcome = expected.allowed ? "allowed" : `${expected.status} ${expected.code}`;
        it(`${caller} → ${outcome}`, async () => {
          const handler = await loadRouteHandler(endpoint.method, endpoint.path);
          const { url, params } = placeholderParams(endpoint.path);
          const response = await handler(buildRequest(endpoint.method, url, headersFor[caller]), {
            params: Promise.resolve(params),
          });
          await assertOutcome(response, expected);
        });
      }

      if (HAS_BODY.has(endpoint.method) && rule.session) {
        it("session from another origin → 403 forbidden", async () => {
          const handler = await loadRouteHandler(endpoint.method, endpoint.path);
          const { url, params } = placeholderParams(endpoint.path);
          const crossSiteHeaders: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
          for (const crossSite of crossSiteHeaders) {
            const response = await handler(buildRequest(endpoint.method, url, { ...headersFor.session, ...crossSite }), {
              params: Promise.resolve(params),
            });
            await assertOutcome(response, deny(403));
          }
        });
      }

      if (HAS_BODY.has(endpoint.method) && rule.apiKey) {
        it("API key from another origin → allowed (keys are the cross-origin credential)", async () => {
          const handler = await loadRouteHandler(endpoint.method, endpoint.path);
          const { url, params } = placeholderParams(endpoint.path);
          const response = await handler(
            buildRequest(endpoint.method, url, { ...headersFor["valid key"], origin: "https://other.example" }),
            { params: Promise.resolve(params) },
          );
          await assertOutcome(response, allow);
        });
      }
    });
  }
});

describe("access matrix: a payment priced by the body (POST /api/batches)", () => {
  const send = async (body: unknown) => {
    const handler = await loadRouteHandler("POST", "/api/batches");

    return handler(
      new Request(`${TEST_ORIGIN}/api/batches`, {
        method: "POST",
        headers: { "x-forwarded-for": nextAddress(), "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );
  };

  it("anonymous with a valid list → 402 payment_required, priced for its stores; with an invalid one → 400, nothing priced", async () => {
    const offered = await send({ domains: ["matrix-a.test", "matrix-b.test"] });
    expect(offered.status).toBe(402);
    const body = (await offered.json()) as { code: string; accepts: { maxAmountRequired: string }[] };
    expect(body.code).toBe("payment_required");
    expect(body.accepts[0]!.maxAmountRequired).toBe("1000000");
    expect(offered.headers.get("payment-required")).toBeTruthy();

    const refused = await send({ domains: ["not a domain"] });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("payment-required")).toBeNull();
  });
});

describe("access matrix: every rule through the wrapper (rules no endpoint uses yet included)", () => {
  for (const name of Object.keys(ACCESS) as AccessName[]) {
    const rule: AccessRule = ACCESS[name];
    const handler = route(testEndpoint({ access: name }), async ({ principal }) => ({ ok: true, kind: principal.kind }));
    for (const method of ["GET", "POST"]) {
      for (const caller of CALLERS) {
        const expected = expectedFor(rule, caller);
        it(`${name}: ${method} by ${caller} → ${expected.allowed ? "200" : expected.status}`, async () => {
          const response = await handler(buildRequest(method, "/api/synthetic", headersFor[caller]), {
            params: Promise.resolve({}),
          });
          if (expected.allowed) expect(response.status).toBe(200);
          await assertOutcome(response, expected);
        });
      }
    }
  }

  it("same-origin state-changing session requests pass; a foreign Origin does not", async () => {
    const handler = route(testEndpoint({ access: "session-only" }), async () => ({ ok: true }));
    const call = (headers: Record<string, string>) =>
      handler(buildRequest("POST", "/api/synthetic", { ...headersFor.session, ...headers }), { params: Promise.resolve({}) });

    expect((await call({ origin: TEST_ORIGIN })).status).toBe(200);
    expect((await call({ "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await call({ origin: "null" })).status).toBe(403);
    expect((await call({ origin: "http://localhost:3001" })).status).toBe(403);
  });
});

describe("bearer tokens of the legacy identity provider", () => {
  const call = (token: string) =>
    route(testEndpoint({ access: "account" }), async ({ user }) => ({ id: user.id }))(
      buildRequest("GET", "/api/synthetic", bearerHeader(token)),
      { params: Promise.resolve({}) },
    );

  it("maps a verified e-mail to the user when no legacy account is linked", async () => {
    const user = await createTestUser({ email: "mapped.by.email@example.test" });
    const response = await call(await idp.sign({ sub: "unlinked-sub", email: "Mapped.By.Email@example.test", email_verified: true }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: user.id });
  });

  it.each([
    ["an unverified e-mail", { sub: "unlinked-sub-2", email: "mapped.by.email@example.test", email_verified: false }, {}],
    ["a wrong issuer", { sub: "legacy-sub-admin" }, { issuer: "https://evil.example/" }],
    ["a wrong audience", { sub: "legacy-sub-admin" }, { audience: "someone-else" }],
    ["an unknown subject", { sub: "nobody" }, {}],
    ["a token naming no issuer", { sub: "legacy-sub-admin" }, { issuer: "" }],
    ["a token naming no audience", { sub: "legacy-sub-admin" }, { audience: "" }],
    // Signed, so it passes verification: PostgreSQL would refuse the NUL in the lookup.
    ["a subject holding a NUL character", { sub: "legacy-sub-admin\u0000" }, {}],
    ["an address holding a NUL character", { sub: "unlinked-sub-3", email: "a\u0000@example.test", email_verified: true }, {}],
  ])("refuses %s with 401", async (_label, claims, options) => {
    const response = await call(await idp.sign(claims, options));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized" });
  });

  it("refuses a token signed by a key the JWKS does not serve", async () => {
    const response = await call(await idp.signWithForeignKey({ sub: "legacy-sub-admin" }));
    expect(response.status).toBe(401);
  });

  it("refuses garbage and a non-Bearer scheme", async () => {
    expect((await call("not.a.jwt")).status).toBe(401);
    const basic = await route(testEndpoint({ access: "public" }), async () => ({ ok: true }))(
      buildRequest("GET", "/api/synthetic", { authorization: "Basic dXNlcjpwYXNz" }),
      { params: Promise.resolve({}) },
    );
    expect(basic.status).toBe(401);
  });

  it("accepts an HS256 token when LEGACY_JWT_SECRET is configured instead of a JWKS", async () => {
    const { SignJWT } = await import("jose");
    const secret = "legacy-shared-secret-of-32-chars!";
    process.env.LEGACY_JWT_SECRET = secret;
    delete process.env.LEGACY_JWT_JWKS_URL;
    resetEnvCache();
    try {
      const token = await new SignJWT({ sub: "legacy-sub-admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(idp.issuer)
        .setAudience(idp.audience)
        .setExpirationTime("5m")
        .sign(new TextEncoder().encode(secret));
      expect((await call(token)).status).toBe(200);
      const noExp = await new SignJWT({ sub: "legacy-sub-admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(idp.issuer)
        .setAudience(idp.audience)
        .sign(new TextEncoder().encode(secret));
      expect((await call(noExp)).status).toBe(401);
    } finally {
      delete process.env.LEGACY_JWT_SECRET;
      process.env.LEGACY_JWT_JWKS_URL = idp.jwksUrl;
      resetEnvCache();
    }
  });
});

describe("HS256 bearer tokens (LEGACY_JWT_SECRET): issuer, audience and a lifetime cap", () => {
  const secret = "legacy-shared-secret-of-32-chars!";
  const call = (token: string) =>
    route(testEndpoint({ access: "account" }), async ({ user }) => ({ id: user.id }))(
      buildRequest("GET", "/api/synthetic", bearerHeader(token)),
      { params: Promise.resolve({}) },
    );
  /** A token of the shared secret; times in seconds from now (iat: null leaves it out). */
  const sign = async (claims: { iss?: string | null; aud?: string | null; iat?: number | null; exp: number }) => {
    const { SignJWT } = await import("jose");
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ sub: "legacy-sub-admin" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(now + claims.exp);
    if (claims.iss !== null) jwt.setIssuer(claims.iss ?? idp.issuer);
    if (claims.aud !== null) jwt.setAudience(claims.aud ?? idp.audience);
    if (claims.iat !== null) jwt.setIssuedAt(now + (claims.iat ?? 0));

    return jwt.sign(new TextEncoder().encode(secret));
  };

  beforeAll(() => {
    process.env.LEGACY_JWT_SECRET = secret;
    delete process.env.LEGACY_JWT_JWKS_URL;
    resetEnvCache();
  });

  afterAll(() => {
    delete process.env.LEGACY_JWT_SECRET;
    delete process.env.LEGACY_JWT_MAX_LIFETIME_SECONDS;
    process.env.LEGACY_JWT_JWKS_URL = idp.jwksUrl;
    resetEnvCache();
  });

  it.each([
    ["a 5-minute token", { exp: 300 }],
    ["a token of exactly the 1-hour cap", { exp: 3600 }],
    ["a token issued 50 minutes ago with 10 minutes left", { iat: -3000, exp: 600 }],
    ["a 30-minute token naming no issue time", { iat: null, exp: 1800 }],
  ])("accepts %s", async (_label, claims) => {
    expect((await call(await sign(claims))).status).toBe(200);
  });

  it.each([
    ["a token valid for 2 hours", { exp: 7200 }],
    ["a token valid for 30 days naming no issue time", { iat: null, exp: 30 * 86_400 }],
    ["a token that claims to be issued tomorrow, valid for a day and 10 minutes", { iat: 86_400, exp: 86_400 + 600 }],
    ["a token issued 3 hours ago with 10 minutes left", { iat: -3 * 3600, exp: 600 }],
    ["a token naming no issuer", { iss: null, exp: 300 }],
    ["a token of another issuer", { iss: "https://evil.example/", exp: 300 }],
    ["a token naming no audience", { aud: null, exp: 300 }],
    ["a token for another audience", { aud: "someone-else", exp: 300 }],
  ])("refuses %s with 401", async (_label, claims) => {
    const response = await call(await sign(claims));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized" });
  });

  it("takes the cap from LEGACY_JWT_MAX_LIFETIME_SECONDS", async () => {
    process.env.LEGACY_JWT_MAX_LIFETIME_SECONDS = String(24 * 3600);
    resetEnvCache();
    try {
      expect((await call(await sign({ exp: 7200 }))).status).toBe(200);
      expect((await call(await sign({ exp: 25 * 3600 }))).status).toBe(401);
    } finally {
      delete process.env.LEGACY_JWT_MAX_LIFETIME_SECONDS;
      resetEnvCache();
    }
  });
});

describe("session cookies", () => {
  it("an unknown or garbled cookie is an anonymous visitor, not an error", async () => {
    const handler = route(testEndpoint({ access: "public" }), async ({ principal }) => ({ kind: principal.kind }));
    for (const cookie of ["authjs.session-token=unknown", "authjs.session-token=%E0%A4%A"]) {
      const response = await handler(buildRequest("GET", "/api/synthetic", { cookie }), { params: Promise.resolve({}) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ kind: "anonymous" });
    }
  });

  // Values no session token can have, under both cookie names: each is no credential, never a failed query.
  const malformed = [
    "%00",
    `${"A".repeat(42)}%00`,
    "00000000-0000-4000-8000-00000000000%00",
    "%C3%28",
    "%ED%A0%80",
    "%zz",
    "\u00e9t\u00e9",
    "x".repeat(8000),
    `${"A".repeat(44)}`,
  ];
  const cookies = ["authjs.session-token", "__Secure-authjs.session-token"].flatMap((name) => malformed.map((value) => `${name}=${value}`));

  it("a cookie that cannot be a session token is answered 401 where a session is needed, with the error body", async () => {
    const handler = route(testEndpoint({ access: "session-only" }), async () => ({ reached: true }));
    for (const cookie of cookies) {
      const response = await handler(buildRequest("GET", "/api/synthetic", { cookie }), { params: Promise.resolve({}) });
      expect(response.status, cookie.slice(0, 80)).toBe(401);
      expect(await response.json()).toMatchObject({ error: expect.any(String), code: "unauthorized" });
    }
  });

  it("a cookie that cannot be a session token leaves a public endpoint to the anonymous visitor", async () => {
    const handler = route(testEndpoint({ access: "public" }), async ({ principal }) => ({ kind: principal.kind }));
    for (const cookie of cookies) {
      const response = await handler(buildRequest("GET", "/api/synthetic", { cookie }), { params: Promise.resolve({}) });
      expect(response.status, cookie.slice(0, 80)).toBe(200);
      expect(await response.json()).toEqual({ kind: "anonymous" });
    }
  });
});
