import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { getAuthSecret } from "@/lib/secrets/auth-secret";
import { isSecureCookies } from "./secure-cookies";

describe("AUTH_SECRET", () => {
  it("is required in production", () => {
    expect(() => getAuthSecret(parseEnv({ NODE_ENV: "production" }))).toThrow(/AUTH_SECRET is required in production/);
    expect(getAuthSecret(parseEnv({ NODE_ENV: "production", AUTH_SECRET: "a-real-secret-of-some-length" }))).toBe(
      "a-real-secret-of-some-length",
    );
  });

  it("falls back to a stable derived secret in development and test", () => {
    const a = getAuthSecret(parseEnv({ NODE_ENV: "development" }));
    const b = getAuthSecret(parseEnv({ NODE_ENV: "development" }));
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(getAuthSecret(parseEnv({ NODE_ENV: "test", BASE_URL: "http://other:4000" }))).not.toBe(a);
  });
});

describe("secure cookies", () => {
  it("follow the scheme of BASE_URL", () => {
    expect(isSecureCookies(parseEnv({ BASE_URL: "https://storelens.example" }))).toBe(true);
    expect(isSecureCookies(parseEnv({ BASE_URL: "http://localhost:3000" }))).toBe(false);
  });
});
