/**
 * Sign-up and the reset request must not tell whether an address has an account: the same
 * answer, and the same work before it (the argon2 hash runs in both cases, one e-mail is
 * recorded, and the mail provider is never waited for). Work is counted, not timed. The sign-up
 * form's server action too, when e-mail verification is required; `next/headers` stands in for
 * the request scope Next gives a server action.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { listOutbox } from "@/lib/mail";
import { signUpTestUser } from "@/testing/auth/fixtures";
import { requestPasswordReset, RESET_REQUESTED_MESSAGE, signUpAcceptedMessage, signUpWithPassword } from "./index";
import * as passwords from "./passwords";

/** The request scope of a server action: no client address (no per-address limit), and the cookies it is sent back. */
const action = vi.hoisted(() => ({ cookiesSet: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({
    get: (name: string) => (action.cookiesSet.has(name) ? { name, value: action.cookiesSet.get(name) } : undefined),
    set: (name: string, value: string) => void action.cookiesSet.set(name, value),
  }),
}));

const { signUpAction } = await import("./actions");

// A pass-through spy: the real argon2 runs; the test only counts the calls.
vi.mock("./passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("./passwords")>();

  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const PASSWORD = "correct horse 42";
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;

async function workOf(run: () => Promise<unknown>, email: string) {
  const hash = vi.mocked(passwords.hashPassword);
  hash.mockClear();
  const mailsBefore = (await listOutbox({ to: email })).length;
  const answer = await run();

  return { answer, hashes: hash.mock.calls.length, mails: (await listOutbox({ to: email })).length - mailsBefore };
}

describe("sign-up does the same work for a new and a taken address", () => {
  it("hashes the password once and records one e-mail in both cases, with equal answers", async () => {
    const taken = unique("taken");
    await signUpTestUser({ email: taken, password: PASSWORD });
    const fresh = unique("fresh");

    const forNew = await workOf(() => signUpWithPassword({ email: fresh, password: PASSWORD }), fresh);
    const forTaken = await workOf(() => signUpWithPassword({ email: taken, password: "another passphrase 9" }), taken);

    expect(forNew).toEqual({ answer: forTaken.answer, hashes: 1, mails: 1 });
    expect(forTaken).toMatchObject({ hashes: 1, mails: 1 });
  });
});

describe("the sign-up form, with e-mail verification required", () => {
  beforeAll(() => {
    process.env.REQUIRE_EMAIL_VERIFICATION = "true";
    resetEnvCache();
  });

  afterAll(() => {
    delete process.env.REQUIRE_EMAIL_VERIFICATION;
    resetEnvCache();
  });

  const submit = (email: string, password: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "", email, password, callbackUrl: "/dashboard" })) form.set(name, value);

    return workOf(() => signUpAction({}, form), email);
  };
  // What the form shows: "check your e-mail" naming the address typed, and nobody signed in.
  const checkYourEmail = (email: string) => ({
    answer: { message: signUpAcceptedMessage(true), values: { email, name: "" } },
    hashes: 1,
    mails: 1,
  });

  // Signing in after sign-up would succeed for a new address and fail for a taken one.
  it("answers a new and a taken address alike (even with the taken account's own password) and signs none in", async () => {
    const taken = unique("form-taken");
    await signUpTestUser({ email: taken, password: PASSWORD });
    const fresh = unique("form-fresh");
    action.cookiesSet.clear();

    expect(await submit(fresh, PASSWORD)).toEqual(checkYourEmail(fresh));
    expect(await submit(taken, "another passphrase 9")).toEqual(checkYourEmail(taken));
    expect(await submit(taken, PASSWORD)).toEqual(checkYourEmail(taken));
    expect([...action.cookiesSet.keys()]).toEqual([]);
  });
});

describe("with a mail provider that never answers", () => {
  let silent: Server;

  beforeAll(async () => {
    silent = createServer(() => {}); // accepts, never responds
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    process.env.RESEND_API_KEY = "re_test_silent";
    process.env.RESEND_BASE_URL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    process.env.REQUIRE_EMAIL_VERIFICATION = "false";
    resetEnvCache();
  });

  afterAll(async () => {
    for (const key of ["RESEND_API_KEY", "RESEND_BASE_URL", "REQUIRE_EMAIL_VERIFICATION"]) delete process.env[key];
    resetEnvCache();
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  // Waiting for the provider would make an existing account answer later (or fail) than a new one.
  it("sign-up and the reset request answer without waiting for delivery; the mail is recorded", { timeout: 10_000 }, async () => {
    const email = unique("slow-mail");
    const signUp = await signUpWithPassword({ email, password: PASSWORD });
    expect(signUp.verification_required).toBe(false);
    expect(await requestPasswordReset({ email })).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await requestPasswordReset({ email: unique("nobody") })).toEqual({ message: RESET_REQUESTED_MESSAGE });

    const subjects = (await listOutbox({ to: email })).map((m) => m.subject);
    expect(subjects.sort()).toEqual(["Confirm your StoreLens e-mail address", "Reset your StoreLens password"]);
  });
});
