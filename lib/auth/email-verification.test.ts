/**
 * E-mail verification: the link sign-up mails, its single use, the resend endpoint, and the
 * one gate in front of POST /api/jobs for every kind of credential when the setting is on.
 */
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { accounts, jobs, passwordResetTokens, users } from "@/db/schema";
import { POST as verifyRoute } from "@/app/api/auth/verify-email/route";
import { POST as resendRoute } from "@/app/api/auth/verify-email/resend/route";
import { POST as jobsRoute } from "@/app/api/jobs/route";
import { resetEnvCache } from "@/lib/env";
import { listOutbox } from "@/lib/mail";
import {
  apiKeyHeader,
  bearerHeader,
  createTestApiKey,
  createTestSession,
  sessionCookieHeader,
  signUpTestUser,
  TEST_ORIGIN,
} from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { sql } from "drizzle-orm";
import { requestPasswordReset, resetPassword, RESET_LINK_INVALID_MESSAGE, VERIFY_LINK_INVALID_MESSAGE } from "./index";
import { LEGACY_PROVIDER } from "./legacy-bearer";

const PASSWORD = "correct horse 42";
const LEGACY_SECRET = "legacy-shared-secret-of-32-chars!";
const LEGACY_ISSUER = "https://legacy-idp.test/";
const LEGACY_AUDIENCE = "storelens";
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const context = { params: Promise.resolve({}) };

const post = (handler: typeof verifyRoute, path: string, body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify(body),
    }),
    context,
  );

async function linkFrom(email: string, path: "/verify-email" | "/reset-password"): Promise<string> {
  for (const mail of await listOutbox({ to: email })) {
    const match = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}

const emailVerified = async (userId: string) =>
  (await getDb().select({ at: users.emailVerified }).from(users).where(eq(users.id, userId)))[0]!.at;

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

describe("the confirmation link", () => {
  it("sign-up mails a single-use link (stored only as SHA-256) that marks the e-mail verified", async () => {
    const email = unique("confirm");
    const user = await signUpTestUser({ email, password: PASSWORD });
    expect(await emailVerified(user.id)).toBeNull();

    const token = await linkFrom(email, "/verify-email");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(await queryRows(getDb(), sql`select * from password_reset_tokens where user_id = ${user.id}`));
    expect(stored).not.toContain(token);
    expect(stored).toContain("verify_email");

    const first = await post(verifyRoute, "/api/auth/verify-email", { token });
    expect(first.status).toBe(200);
    expect(await emailVerified(user.id)).toBeInstanceOf(Date);

    const again = await post(verifyRoute, "/api/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "invalid_request", error: VERIFY_LINK_INVALID_MESSAGE });
  });

  it("refuses an expired link", async () => {
    const email = unique("late");
    const user = await signUpTestUser({ email, password: PASSWORD });
    const token = await linkFrom(email, "/verify-email");
    await getDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));

    expect((await post(verifyRoute, "/api/auth/verify-email", { token })).status).toBe(400);
    expect(await emailVerified(user.id)).toBeNull();
  });

  it("a confirmation link never resets a password, and a reset link never confirms an address", async () => {
    const email = unique("purposes");
    const user = await signUpTestUser({ email, password: PASSWORD });
    const verifyToken = await linkFrom(email, "/verify-email");
    await expect(resetPassword({ token: verifyToken, password: "taken over 12345" })).rejects.toMatchObject({
      message: RESET_LINK_INVALID_MESSAGE,
    });

    await requestPasswordReset({ email });
    const resetToken = await linkFrom(email, "/reset-password");
    expect((await post(verifyRoute, "/api/auth/verify-email", { token: resetToken })).status).toBe(400);
    expect(await emailVerified(user.id)).toBeNull();
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("mails a new link to the signed-in account, three an hour; a verified account gets none", async () => {
    const email = unique("resend");
    const user = await signUpTestUser({ email, password: PASSWORD });
    const headers = sessionCookieHeader(await createTestSession(user.id));
    const before = (await listOutbox({ to: email })).length;

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(resendRoute, "/api/auth/verify-email/resend", {}, headers)).status);

    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await listOutbox({ to: email })).length).toBe(before + 3);

    await post(verifyRoute, "/api/auth/verify-email", { token: await linkFrom(email, "/verify-email") });
    const verified = await signUpTestUser({ email: unique("already"), password: PASSWORD });
    await getDb().update(users).set({ emailVerified: new Date() }).where(eq(users.id, verified.id));
    const response = await post(
      resendRoute,
      "/api/auth/verify-email/resend",
      {},
      sessionCookieHeader(await createTestSession(verified.id)),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: "Your e-mail address is already confirmed." });
    expect((await listOutbox({ to: verified.email! })).length).toBe(1);
  });

  it("needs an account", async () => {
    expect((await post(resendRoute, "/api/auth/verify-email/resend", {})).status).toBe(401);
  });
});

describe("POST /api/jobs for an account that has not confirmed its e-mail", () => {
  let pipeline: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startPipeline({
      LEGACY_JWT_SECRET: LEGACY_SECRET,
      LEGACY_JWT_ISSUER: LEGACY_ISSUER,
      LEGACY_JWT_AUDIENCE: LEGACY_AUDIENCE,
    });
    pipeline.fakeStore.addStore(fixtureStore("verify.test"));
  });

  afterAll(async () => {
    setEnv({
      REQUIRE_EMAIL_VERIFICATION: undefined,
      LEGACY_JWT_SECRET: undefined,
      LEGACY_JWT_ISSUER: undefined,
      LEGACY_JWT_AUDIENCE: undefined,
    });
    await pipeline?.stop();
  });

  /** A fresh unverified account and one header set per kind of credential. */
  async function unverifiedAccount() {
    const email = unique("gate");
    const user = await signUpTestUser({ email, password: PASSWORD });
    const sub = `legacy-${user.id}`;
    await getDb().insert(accounts).values({ userId: user.id, type: "oidc", provider: LEGACY_PROVIDER, providerAccountId: sub });
    const bearer = await new SignJWT({ sub })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(LEGACY_ISSUER)
      .setAudience(LEGACY_AUDIENCE)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(LEGACY_SECRET));
    const credentials = {
      "API key": apiKeyHeader((await createTestApiKey(user.id)).key),
      session: sessionCookieHeader(await createTestSession(user.id)),
      bearer: bearerHeader(bearer),
    };

    return { user, email, credentials };
  }

  const jobsOf = async (userId: string) => getDb().$count(jobs, and(eq(jobs.userId, userId)));

  it("with REQUIRE_EMAIL_VERIFICATION on: 403 email_unverified for every credential, then 201 once confirmed", async () => {
    setEnv({ REQUIRE_EMAIL_VERIFICATION: "true" });
    const { user, email, credentials } = await unverifiedAccount();

    for (const [kind, headers] of Object.entries(credentials)) {
      const response = await post(jobsRoute, "/api/jobs", { domain: "verify.test" }, headers);
      expect(response.status, kind).toBe(403);
      const body = await response.json();
      expect(body, kind).toMatchObject({ code: "email_unverified", resend_url: "/api/auth/verify-email/resend" });
      expect(body.error, kind).toMatch(/Confirm your e-mail address/);
    }
    expect(await jobsOf(user.id)).toBe(0);

    await post(verifyRoute, "/api/auth/verify-email", { token: await linkFrom(email, "/verify-email") });
    const response = await post(jobsRoute, "/api/jobs", { domain: "verify.test" }, credentials["API key"]);
    expect(response.status, await response.clone().text()).toBe(201);
  });

  it("with the setting unset and mail to the log (embedded defaults): the job is accepted", async () => {
    setEnv({ REQUIRE_EMAIL_VERIFICATION: undefined, RESEND_API_KEY: undefined });
    const { credentials } = await unverifiedAccount();

    const response = await post(jobsRoute, "/api/jobs", { domain: "verify.test" }, credentials.session);
    expect(response.status, await response.clone().text()).toBe(201);
  });
});
