import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { passwordResetTokens, sessions, userPasswords, users } from "@/db/schema";
import { POST as signUpRoute } from "@/app/api/auth/sign-up/route";
import { listOutbox } from "@/lib/mail";
import {
  passwordProblem,
  requestPasswordReset,
  resetPassword,
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  signUpAcceptedMessage,
  verifyCredentials,
} from "./index";
import { createTestSession, signUpTestUser, TEST_ORIGIN } from "@/testing/auth/fixtures";

const GOOD = "correct horse 42";
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;

function resetTokenFrom(text: string): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error("no reset link in the mail");

  return match[1];
}

async function issueResetToken(email: string): Promise<string> {
  await requestPasswordReset({ email });
  const [mail] = await listOutbox({ to: email });

  return resetTokenFrom(mail!.text);
}

/** POST /api/auth/sign-up through the real route handler. */
const signUp = (body: unknown) =>
  signUpRoute(
    new Request(`${TEST_ORIGIN}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

describe("password rules", () => {
  it.each([
    ["short1", "at least 10 characters"],
    ["alllowercaseletters", "two kinds of character"],
    ["1234567890123", "two kinds of character"],
    ["Pat.Smith@example.test", "must not be your e-mail"],
    ["pat.smith@example.test", "must not be your e-mail"],
  ])("%s is refused: %s", (password, message) => {
    expect(passwordProblem(password, "pat.smith@example.test")).toContain(message);
  });

  it("accepts a 10+ character password with two kinds of character", () => {
    expect(passwordProblem(GOOD, "pat@example.test")).toBeNull();
    expect(passwordProblem("Abcdefghij")).toBeNull();
  });
});

describe("sign up", () => {
  it("creates the user and an argon2id hash in user_passwords, never in users", async () => {
    const email = unique("New.Person");
    const user = await signUpTestUser({ email, password: GOOD, name: "New Person" });

    expect(user).toEqual({ id: user.id, email: email.toLowerCase(), name: "New Person" });
    const [row] = await getDb().select().from(userPasswords).where(eq(userPasswords.userId, user.id));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [userRow] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(JSON.stringify(userRow)).not.toContain(GOOD);
    expect(JSON.stringify(userRow)).not.toContain("argon2");
  });

  it("POST /api/auth/sign-up answers a new and a taken e-mail (any case) alike: 202, the same body", async () => {
    const email = unique("taken");

    const first = await signUp({ email, password: GOOD });
    const second = await signUp({ email: email.toUpperCase(), password: "another passphrase 9" });

    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const body = await first.json();
    expect(await second.json()).toEqual(body);
    expect(body).toEqual({ message: signUpAcceptedMessage(false), verification_required: false });
    expect(JSON.stringify(body)).not.toContain(email.toLowerCase());
  });

  it("a taken e-mail keeps its account and password; its owner is told by e-mail instead", async () => {
    const email = unique("owner");
    const owner = await signUpTestUser({ email, password: GOOD });

    await signUp({ email, password: "intruder passphrase 9" });

    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: owner.id }]);
    expect(await verifyCredentials({ email, password: GOOD })).toMatchObject({ id: owner.id });
    expect(await verifyCredentials({ email, password: "intruder passphrase 9" })).toBeNull();
    const [mail, welcome] = await listOutbox({ to: email });
    expect(mail!.subject).toBe("Someone tried to sign up to StoreLens with your address");
    expect(mail!.text).toContain("http://localhost:3000/reset-password");
    expect(welcome!.subject).toBe("Confirm your StoreLens e-mail address");
  });

  it("POST /api/auth/sign-up: 400 naming the field for a bad e-mail or a weak password", async () => {
    const badEmail = await signUp({ email: "not-an-email", password: GOOD });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).issues[0]).toMatchObject({ path: "body.email", message: expect.stringContaining("valid e-mail") });

    const weak = await signUp({ email: unique("weak"), password: "aaaaaaaaaaaa" });
    expect(weak.status).toBe(400);
    expect((await weak.json()).issues[0]).toMatchObject({ path: "body.password", message: expect.stringContaining("too weak") });
  });
});

describe("credentials check", () => {
  it("accepts the right password (e-mail in any case) and refuses a wrong one or an unknown user", async () => {
    const email = unique("signin");
    const user = await signUpTestUser({ email, password: GOOD });

    expect(await verifyCredentials({ email: email.toUpperCase(), password: GOOD })).toMatchObject({ id: user.id, email });
    expect(await verifyCredentials({ email, password: "wrong password 1" })).toBeNull();
    expect(await verifyCredentials({ email: unique("nobody"), password: GOOD })).toBeNull();
    expect(await verifyCredentials({ email, password: "" })).toBeNull();
    expect(await verifyCredentials(null)).toBeNull();
  });
});

describe("password reset", () => {
  it("mails a link (token stored only as SHA-256), sets the new password, spends the token, revokes sessions", async () => {
    const email = unique("reset");
    const user = await signUpTestUser({ email, password: GOOD });
    const sessionToken = await createTestSession(user.id);

    expect(await requestPasswordReset({ email })).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const [mail] = await listOutbox({ to: email });
    expect(mail!.subject).toBe("Reset your StoreLens password");
    expect(mail!.html).toContain("http://localhost:3000/reset-password/");
    const token = resetTokenFrom(mail!.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await getDb()
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, "password_reset")));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    await resetPassword({ token, password: "a brand new one 7" });

    expect(await verifyCredentials({ email, password: GOOD })).toBeNull();
    expect(await verifyCredentials({ email, password: "a brand new one 7" })).toMatchObject({ id: user.id });
    expect(await getDb().select().from(sessions).where(eq(sessions.sessionToken, sessionToken))).toEqual([]);

    await expect(resetPassword({ token, password: "yet another one 8" })).rejects.toMatchObject({
      status: 400,
      message: RESET_LINK_INVALID_MESSAGE,
    });
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const email = unique("ghost");
    expect(await requestPasswordReset({ email })).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await listOutbox({ to: email })).toEqual([]);
  });

  it("refuses an expired link, and a weak new password without spending the link", async () => {
    const email = unique("expired");
    const user = await signUpTestUser({ email, password: GOOD });

    const token = await issueResetToken(email);
    await expect(resetPassword({ token, password: "short" })).rejects.toMatchObject({ status: 400 });
    await resetPassword({ token, password: "still usable 123" });

    const late = await issueResetToken(email);
    await getDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    await expect(resetPassword({ token: late, password: "too late 12345" })).rejects.toMatchObject({
      message: RESET_LINK_INVALID_MESSAGE,
    });
  });

  it("using one link spends every other open link of the user", async () => {
    const email = unique("two-links");
    await signUpTestUser({ email, password: GOOD });
    const first = await issueResetToken(email);
    const second = await issueResetToken(email);
    expect(first).not.toBe(second);

    await resetPassword({ token: second, password: "second wins 123" });
    await expect(resetPassword({ token: first, password: "first loses 123" })).rejects.toMatchObject({ status: 400 });
  });

  it("sets a password for an account that had none (OAuth-only)", async () => {
    const email = unique("oauth-only");
    await getDb().insert(users).values({ email });
    const token = await issueResetToken(email);
    await resetPassword({ token, password: "now with password 1" });
    expect(await verifyCredentials({ email, password: "now with password 1" })).not.toBeNull();
  });
});
