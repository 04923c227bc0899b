/**
 * OAuth sign-in through Auth.js's real route handlers against a fake GitHub on loopback:
 * an address that already has an account is linked only when the account verified it and
 * GitHub vouches for it; a provider-vouched address counts as verified on a new account.
 */
import { Auth } from "@auth/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { accounts, users } from "@/db/schema";
import { CookieJar } from "@/testing/auth/cookie-jar";
import { startFakeGitHub, type FakeGitHub, type FakeGitHubIdentity } from "@/testing/auth/fake-github";
import { createTestUser, signUpTestUser, TEST_ORIGIN } from "@/testing/auth/fixtures";
import { buildAuthConfig } from "./auth-config";
import { githubProvider } from "./oauth-providers";

let github: FakeGitHub;
let config: ReturnType<typeof buildAuthConfig>;

beforeAll(async () => {
  github = await startFakeGitHub();
  config = {
    ...buildAuthConfig(),
    providers: [githubProvider({ clientId: "gh-client", clientSecret: "gh-secret", enterpriseBaseUrl: github.baseUrl })],
  };
});

afterAll(async () => {
  await github.close();
});

let nextId = 1000;
function identity(email: string, verified: boolean, publicEmail: string | null = null): FakeGitHubIdentity {
  const id = nextId++;

  return { id, login: `gh-${id}`, publicEmail, emails: [{ email, primary: true, verified }] };
}

/** Sign in with GitHub as `who`: where the browser ends up, and the identity's accounts row. */
async function signInWithGitHub(who: FakeGitHubIdentity, jar = new CookieJar()) {
  const csrf = await Auth(new Request(`${TEST_ORIGIN}/api/auth/csrf`), config);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const start = await Auth(
    new Request(`${TEST_ORIGIN}/api/auth/signin/github`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${TEST_ORIGIN}/dashboard` }),
    }),
    config,
  );
  jar.take(start);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin).toBe(github.baseUrl);

  const callback = new URL(`${TEST_ORIGIN}/api/auth/callback/github`);
  callback.searchParams.set("code", github.codeFor(who));
  const state = authorize.searchParams.get("state");
  if (state) callback.searchParams.set("state", state);
  const done = await Auth(new Request(callback, { headers: { cookie: jar.header() } }), config);
  jar.take(done);
  const [linked] = await getDb()
    .select()
    .from(accounts)
    .where(eq(accounts.providerAccountId, String(who.id)));

  return { location: done.headers.get("location") ?? "", linked, signedIn: Boolean(jar.get("authjs.session-token")) };
}

const refused = `${TEST_ORIGIN}/sign-in?error=OAuthAccountNotLinked`;

describe("OAuth sign-in to an address that already has an account", () => {
  it("links to the account when it verified its e-mail and GitHub vouches for it", async () => {
    const owner = await createTestUser({ email: `linked-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const who = identity(owner.email!.toUpperCase(), true);

    const result = await signInWithGitHub(who);

    expect(result.location).toBe(`${TEST_ORIGIN}/dashboard`);
    expect(result.signedIn).toBe(true);
    expect(result.linked?.userId).toBe(owner.id);
  });

  it("refuses when the account never verified its e-mail (someone may have registered another's address)", async () => {
    const email = `unverified-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const user = await signUpTestUser({ email, password: "Sup3r secret passphrase!" });

    const result = await signInWithGitHub(identity(email, true));

    expect(result.location).toBe(refused);
    expect(result.signedIn).toBe(false);
    expect(result.linked).toBeUndefined();
    const [row] = await getDb().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBeNull();
  });

  it("refuses when GitHub does not vouch for the address", async () => {
    const owner = await createTestUser({ email: `unvouched-${crypto.randomUUID().slice(0, 8)}@example.test` });

    const result = await signInWithGitHub(identity(owner.email!, false, owner.email!));

    expect(result.location).toBe(refused);
    expect(result.linked).toBeUndefined();
  });
});

describe("OAuth sign-in to a new address", () => {
  it("creates an account whose e-mail counts as verified when GitHub vouches for it", async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.test`;

    const result = await signInWithGitHub(identity(email, true));

    expect(result.location).toBe(`${TEST_ORIGIN}/dashboard`);
    const [user] = await getDb().select().from(users).where(eq(users.id, result.linked!.userId));
    expect(user!.email).toBe(email);
    expect(user!.emailVerified).toBeInstanceOf(Date);
  });

  it("creates an unverified account when GitHub does not vouch for the address", async () => {
    const email = `new-unvouched-${crypto.randomUUID().slice(0, 8)}@example.test`;

    const result = await signInWithGitHub(identity(email, false));

    const [user] = await getDb().select().from(users).where(eq(users.id, result.linked!.userId));
    expect(user!.email).toBe(email);
    expect(user!.emailVerified).toBeNull();
  });
});

describe("OAuth sign-in from a browser holding a tampered session cookie", () => {
  it("signs in as usual: the cookie is no session, not a failed lookup", async () => {
    const email = `tampered-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const jar = new CookieJar();
    jar.set("authjs.session-token", "%00");

    const result = await signInWithGitHub(identity(email, true), jar);

    expect(result.location).toBe(`${TEST_ORIGIN}/dashboard`);
    expect(result.signedIn).toBe(true);
    expect(result.linked).toBeDefined();
  });
});
