/**
 * What any caller can provoke with a crafted request to /api/auth (an unknown action, a form
 * without its CSRF token, a callback URL of its own, an unknown provider) is the caller's
 * mistake, answered with a 400 or a redirect: it is not written as a server error, so nobody can
 * fill the error log, or page whoever watches it, from outside.
 */
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { logger } from "@/lib/log";

const { handlers } = await import("./auth");
const ORIGIN = "http://localhost:3000";

beforeAll(() => {
  process.env.AUTH_GITHUB_ID = "gh-client";
  process.env.AUTH_GITHUB_SECRET = "gh-secret";
  resetEnvCache();
});

afterAll(() => {
  delete process.env.AUTH_GITHUB_ID;
  delete process.env.AUTH_GITHUB_SECRET;
  resetEnvCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
  body: new URLSearchParams(fields).toString(),
});

describe("Auth.js errors a caller provokes", () => {
  it("are never logged at error level, whatever the request", async () => {
    const errors = vi.spyOn(logger, "error");
    const traced = vi.spyOn(logger, "debug");
    const requests = [
      new NextRequest(`${ORIGIN}/api/auth/nonsense`),
      new NextRequest(`${ORIGIN}/api/auth/signin/github`, form({})),
      new NextRequest(`${ORIGIN}/api/auth/signin/github`, form({ csrfToken: "forged" })),
      new NextRequest(`${ORIGIN}/api/auth/signin/no-such-provider`, form({})),
      new NextRequest(`${ORIGIN}/api/auth/callback/github?code=x&state=forged`),
      new NextRequest(`${ORIGIN}/api/auth/callback/no-such-provider?code=x`),
      new NextRequest(`${ORIGIN}/api/auth/signout`, form({})),
    ];
    const statuses: number[] = [];
    for (const request of requests) statuses.push((await (request.method === "POST" ? handlers.POST : handlers.GET)(request)).status);

    expect(statuses.every((status) => status < 500)).toBe(true);
    expect(errors.mock.calls).toEqual([]);
    // Still traceable when debugging.
    expect(traced.mock.calls.filter(([message]) => message === "auth request refused")).toHaveLength(requests.length);
  });
});
