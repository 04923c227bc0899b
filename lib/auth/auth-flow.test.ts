/**
 * Auth.js end to end through its route handlers (csrf → credentials callback → session →
 * signout) on the test database, plus the at-rest check: no raw key or password anywhere.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { sessions } from "@/db/schema";
import { Auth } from "@auth/core";
import { POST as createKeyRoute } from "@/app/api/api-keys/route";
import { GET as health } from "@/app/api/health/route";
import { buildAuthConfig } from "./auth-config";
import { requestPasswordReset, signUpWithPassword } from "./index";
import { resetEnvCache } from "@/lib/env";
import { listOutbox } from "@/lib/mail";
import { SESSION_MAX_AGE_SECONDS } from "./sessions";
import { CookieJar } from "@/testing/auth/cookie-jar";
import { createTestSession, createTestUser, signUpTestUser, TEST_ORIGIN } from "@/testing/auth/fixtures";

const PASSWORD = "Sup3r secret passphrase!";

// next-auth's route handlers are this same config handed to @auth/core's Auth(), on the
// public origin (auth-origin.test.ts runs next-auth's own handlers and actions).
const config = buildAuthConfig();
const authGet = (req: Request) => Auth(req, config);
const authPost = authGet;

async function signIn(email: string, password: string, jar: CookieJar) {
  const csrf = await authGet(new Request(`${TEST_ORIGIN}/api/auth/csrf`, { headers: { cookie: jar.header() } }));
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await authPost(
    new Request(`${TEST_ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${TEST_ORIGIN}/dashboard` }),
    }),
  );
  jar.take(response);

  return { response, csrfToken };
}

describe("Auth.js with database sessions and the credentials provider", () => {
  it("signs in to a revocable session row, serves a stripped session, and signs out by deleting the row", async () => {
    const email = `flow-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const user = await signUpTestUser({ email, password: PASSWORD, name: "Flow" });
    const jar = new CookieJar();

    const wrong = await signIn(email, "wrong password 1", jar);
    expect(wrong.response.status).toBe(302);
    expect(wrong.response.headers.get("location")).toContain("/sign-in?error=CredentialsSignin");
    expect(jar.get("authjs.session-token")).toBeUndefined();

    const { response, csrfToken } = await signIn(email, PASSWORD, jar);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${TEST_ORIGIN}/dashboard`);
    const cookieLine = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    expect(cookieLine).not.toMatch(/Secure/i); // BASE_URL is http in tests
    const token = jar.get("authjs.session-token")!;
    const [row] = await getDb().select().from(sessions).where(eq(sessions.sessionToken, token));
    expect(row!.userId).toBe(user.id);

    const session = await authGet(new Request(`${TEST_ORIGIN}/api/auth/session`, { headers: { cookie: jar.header() } }));
    const body = await session.json();
    expect(body.user).toEqual({ id: user.id, name: "Flow", email, image: null });
    expect(JSON.stringify(body)).not.toMatch(/argon2|hash|plan|stripe/i);

    // The same cookie authenticates API calls through the route wrapper.
    const created = await createKeyRoute(
      new Request(`${TEST_ORIGIN}/api/api-keys`, {
        method: "POST",
        headers: { cookie: jar.header(), origin: TEST_ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ name: "from session" }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(created.status).toBe(201);

    const signOut = await authPost(
      new Request(`${TEST_ORIGIN}/api/auth/signout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body: new URLSearchParams({ csrfToken }),
      }),
    );
    expect(signOut.status).toBe(302);
    expect(await getDb().select().from(sessions).where(eq(sessions.sessionToken, token))).toEqual([]);
    const after = await authGet(new Request(`${TEST_ORIGIN}/api/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }));
    expect(await after.json()).toBeNull();
  });

  it("no table holds a raw API key, a password or a raw reset token", async () => {
    const email = `scan-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await signUpWithPassword({ email, password: PASSWORD });
    const jar = new CookieJar();
    await signIn(email, PASSWORD, jar);
    const created = await createKeyRoute(
      new Request(`${TEST_ORIGIN}/api/api-keys`, {
        method: "POST",
        headers: { cookie: jar.header(), "content-type": "application/json" },
        body: JSON.stringify({ name: "scanned" }),
      }),
      { params: Promise.resolve({}) },
    );
    const { key } = (await created.json()) as { key: string };
    expect(
      (await health(new Request(`${TEST_ORIGIN}/api/health`, { headers: { "x-api-key": key } }), { params: Promise.resolve({}) })).status,
    ).toBe(200);
    await requestPasswordReset({ email });

    for (const table of ["api_keys", "user_passwords", "sessions", "users", "accounts", "mail_outbox", "password_reset_tokens"]) {
      const rows = await queryRows<Record<string, unknown>>(getDb(), sql.raw(`select * from "${table}"`));
      const dump = JSON.stringify(rows);
      expect(dump, `${table} holds the raw API key`).not.toContain(key);
      expect(dump, `${table} holds the password`).not.toContain(PASSWORD);
    }
    const [mail] = await listOutbox({ to: email });
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    for (const table of ["password_reset_tokens", "mail_outbox"]) {
      const dump = JSON.stringify(await queryRows(getDb(), sql.raw(`select * from "${table}"`)));
      expect(dump, `${table} holds the live reset token`).not.toContain(resetToken);
    }
  });

  it("refreshes a session's expiry through /api/auth/session once it is older than updateAge", async () => {
    const user = await createTestUser();
    const token = await createTestSession(user.id);
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await getDb().update(sessions).set({ expires: soon }).where(eq(sessions.sessionToken, token));

    const response = await authGet(
      new Request(`${TEST_ORIGIN}/api/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }),
    );
    expect((await response.json()).user.id).toBe(user.id);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.sessionToken, token));
    expect(row!.expires.getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`authjs.session-token=${token}`))).toBe(true);
  });
});

describe("a session cookie that cannot be a session token", () => {
  it.each([
    ["a NUL once decoded", "%00"],
    ["a token-sized value ending in NUL", `${"A".repeat(42)}%00`],
    ["invalid UTF-8", "%C3%28"],
    ["non-ASCII", "\u00e9t\u00e9"],
    ["an over-long value", "x".repeat(8000)],
  ])("%s reads as signed out on pages and /api/auth/session, and is cleared", async (_label, value) => {
    // Over https Auth.js names the cookie __Secure-authjs.session-token.
    for (const secure of [false, true]) {
      const name = `${secure ? "__Secure-" : ""}authjs.session-token`;
      const response = await Auth(new Request(`${TEST_ORIGIN}/api/auth/session`, { headers: { cookie: `${name}=${value}` } }), {
        ...config,
        useSecureCookies: secure,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      // The browser drops it, so the next page is not looked up with it again.
      const cleared = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
      expect(cleared, name).toMatch(/^[^=]+=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    }
  });
});

describe("OAuth providers", () => {
  const ids = () => buildAuthConfig().providers.map((p) => (typeof p === "function" ? p() : p).id);

  it("offers only e-mail and password when no OAuth credentials are configured", () => {
    expect(ids()).toEqual(["credentials"]);
  });

  it("adds GitHub and Google only when both of their values are set", () => {
    process.env.AUTH_GITHUB_ID = "gh-id";
    process.env.AUTH_GITHUB_SECRET = "gh-secret";
    process.env.AUTH_GOOGLE_ID = "google-id";
    resetEnvCache();
    try {
      expect(ids()).toEqual(["credentials", "github"]);
      process.env.AUTH_GOOGLE_SECRET = "google-secret";
      resetEnvCache();
      expect(ids()).toEqual(["credentials", "github", "google"]);
    } finally {
      for (const key of ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET", "AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET"]) delete process.env[key];
      resetEnvCache();
    }
  });
});
