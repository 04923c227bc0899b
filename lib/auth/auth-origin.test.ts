/**
 * Every URL Auth.js hands out names BASE_URL's origin, whatever the request says: the route
 * handlers see Next's listening address (http://0.0.0.0:PORT) and a Host / X-Forwarded-Host of
 * the client's choosing, the sign-in and sign-out actions only the client's headers. Runs
 * next-auth's own handlers and actions (the ones app/api/auth and lib/auth/actions.ts use);
 * `next/headers` stands in for the request scope Next gives a server action.
 */
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { CookieJar } from "@/testing/auth/cookie-jar";
import { signUpTestUser } from "@/testing/auth/fixtures";

const PUBLIC_ORIGIN = "https://storelens.example";
const LISTENING = "http://0.0.0.0:3000";
const HOSTILE_HEADERS = { host: "attacker.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "http" };
const PASSWORD = "Sup3r secret passphrase!";

/** The request scope of a server action: the client's headers, and the cookies it is sent back. */
const action = vi.hoisted(() => ({
  headers: new Headers(),
  cookiesSet: new Map<string, string>(),
}));
vi.mock("next/headers", () => ({
  headers: async () => action.headers,
  cookies: async () => ({
    get: (name: string) => (action.cookiesSet.has(name) ? { name, value: action.cookiesSet.get(name) } : undefined),
    set: (name: string, value: string) => void action.cookiesSet.set(name, value),
  }),
}));

const { handlers } = await import("./auth");
const { oauthSignInAction, signInAction, signOutAction } = await import("./actions");

const saved = { BASE_URL: process.env.BASE_URL };

beforeAll(() => {
  delete process.env.AUTH_URL;
  process.env.BASE_URL = PUBLIC_ORIGIN;
  process.env.AUTH_GITHUB_ID = "gh-client";
  process.env.AUTH_GITHUB_SECRET = "gh-secret";
  resetEnvCache();
});

afterAll(() => {
  process.env.BASE_URL = saved.BASE_URL;
  for (const key of ["AUTH_URL", "AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"]) delete process.env[key];
  resetEnvCache();
});

beforeEach(() => {
  action.headers = new Headers({ ...HOSTILE_HEADERS, "x-forwarded-for": "198.51.100.7" });
  action.cookiesSet.clear();
});

/** A request as Next hands it to app/api/auth/[...nextauth]: on the listening address. */
function routeRequest(path: string, init: { method?: string; jar?: CookieJar; form?: Record<string, string> } = {}) {
  return new NextRequest(`${LISTENING}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...HOSTILE_HEADERS,
      cookie: init.jar?.header() ?? "",
      ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

async function csrfToken(jar: CookieJar): Promise<string> {
  const response = await handlers.GET(routeRequest("/api/auth/csrf", { jar }));
  jar.take(response);

  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** The URL a server action redirected to (next/navigation's redirect throws it). */
async function redirectOf(run: () => Promise<unknown>): Promise<string> {
  const thrown = await run().then(
    () => undefined,
    (error: unknown) => error,
  );
  const digest = (thrown as { digest?: string } | undefined)?.digest ?? "";
  if (!digest.startsWith("NEXT_REDIRECT")) throw new Error(`no redirect: ${String(thrown)}`);

  return digest.split(";")[2]!;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);

  return data;
};

describe("Auth.js route handlers answer on BASE_URL", () => {
  it("GET /api/auth/providers names callback and sign-in URLs on the public origin", async () => {
    const response = await handlers.GET(routeRequest("/api/auth/providers"));
    const providers = (await response.json()) as Record<string, { signinUrl: string; callbackUrl: string }>;

    expect(providers.credentials).toMatchObject({
      signinUrl: `${PUBLIC_ORIGIN}/api/auth/signin/credentials`,
      callbackUrl: `${PUBLIC_ORIGIN}/api/auth/callback/credentials`,
    });
    expect(providers.github?.callbackUrl).toBe(`${PUBLIC_ORIGIN}/api/auth/callback/github`);
  });

  it("redirects a failed and a successful credentials sign-in, and a sign-out, to the public origin", async () => {
    const email = `origin-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await signUpTestUser({ email, password: PASSWORD });
    const jar = new CookieJar();
    const token = await csrfToken(jar);
    const signIn = (password: string) =>
      handlers.POST(
        routeRequest("/api/auth/callback/credentials", {
          method: "POST",
          jar,
          form: { csrfToken: token, email, password, callbackUrl: "/dashboard" },
        }),
      );

    const failed = await signIn("wrong password 1");
    expect(failed.headers.get("location")).toBe(`${PUBLIC_ORIGIN}/sign-in?error=CredentialsSignin&code=credentials`);

    const succeeded = await signIn(PASSWORD);
    jar.take(succeeded);
    expect(succeeded.headers.get("location")).toBe(`${PUBLIC_ORIGIN}/dashboard`);
    expect(jar.get("__Secure-authjs.session-token")).toBeTruthy();

    const signOut = await handlers.POST(routeRequest("/api/auth/signout", { method: "POST", jar, form: { csrfToken: token } }));
    expect(signOut.headers.get("location")).toBe(`${PUBLIC_ORIGIN}/dashboard`);
  });

  it("sends the OAuth provider a redirect_uri on the public origin", async () => {
    const jar = new CookieJar();
    const token = await csrfToken(jar);
    const response = await handlers.POST(
      routeRequest("/api/auth/signin/github", { method: "POST", jar, form: { csrfToken: token, callbackUrl: "/dashboard" } }),
    );

    const authorize = new URL(response.headers.get("location")!);
    expect(authorize.origin).toBe("https://github.com");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${PUBLIC_ORIGIN}/api/auth/callback/github`);
  });

  it.each(["http://attacker.example/dashboard", "/\\attacker.example", "/\t/attacker.example"])(
    "keeps a callbackUrl of %j from leading off the site",
    async (callbackUrl) => {
      const jar = new CookieJar();
      const token = await csrfToken(jar);
      const response = await handlers.POST(
        routeRequest("/api/auth/signin/github", { method: "POST", jar, form: { csrfToken: token, callbackUrl } }),
      );
      jar.take(response);

      expect(decodeURIComponent(jar.get("__Secure-authjs.callback-url")!)).toBe(`${PUBLIC_ORIGIN}/`);
    },
  );
});

describe("the sign-in and sign-out actions answer on BASE_URL", () => {
  it("signs in with the form and lands on the public origin", async () => {
    const email = `origin-action-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await signUpTestUser({ email, password: PASSWORD });

    const to = await redirectOf(() => signInAction({}, form({ email, password: PASSWORD, callbackUrl: "/stores" })));

    expect(to).toBe(`${PUBLIC_ORIGIN}/stores`);
    expect(action.cookiesSet.get("__Secure-authjs.session-token")).toBeTruthy();
  });

  it("signs out to the public origin", async () => {
    expect(await redirectOf(() => signOutAction())).toBe(`${PUBLIC_ORIGIN}/`);
  });

  it("starts the OAuth sign-in with a redirect_uri on the public origin", async () => {
    const authorize = new URL(await redirectOf(() => oauthSignInAction(form({ provider: "github", callbackUrl: "/dashboard" }))));

    expect(authorize.origin).toBe("https://github.com");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${PUBLIC_ORIGIN}/api/auth/callback/github`);
  });
});
