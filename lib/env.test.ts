import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { envSchema, getEngineKind, isEmailVerificationRequired, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs on embedded defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe(".data/pglite");
    expect(env.API_KEY_PREFIX).toBe("sl");
    expect(env.ALLOW_PRIVATE_NETWORK).toBe(false);
    expect(env.ADMIN_USER_IDS).toEqual([]);
    expect(getEngineKind(env)).toBe("embedded");
  });

  it("names every bad variable on its own line", () => {
    let message = "";
    try {
      parseEnv({ PORT: "nope", DATABASE_URL: "mysql://x", SHOP_RESOLVE: "junk" });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split("\n").slice(1);
    expect(lines).toHaveLength(3);
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}DATABASE_URL: must be a postgres/m);
    expect(message).toMatch(/^ {2}SHOP_RESOLVE: expected pattern=origin/m);
  });

  it("treats empty strings as unset and parses lists and booleans", () => {
    const env = parseEnv({ DATABASE_URL: "", ADMIN_USER_IDS: "a, b,,c", ALLOW_PRIVATE_NETWORK: "true" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_USER_IDS).toEqual(["a", "b", "c"]);
    expect(env.ALLOW_PRIVATE_NETWORK).toBe(true);
  });

  it("selects Inngest only when both keys are present", () => {
    expect(getEngineKind(parseEnv({ INNGEST_EVENT_KEY: "e" }))).toBe("embedded");
    expect(getEngineKind(parseEnv({ INNGEST_EVENT_KEY: "e", INNGEST_SIGNING_KEY: "s" }))).toBe("inngest");
  });

  it("refuses a legacy JWKS without both the issuer and the audience to check", () => {
    const jwks = "https://idp.example/.well-known/jwks.json";
    expect(() => parseEnv({ LEGACY_JWT_JWKS_URL: jwks })).toThrow(
      /LEGACY_JWT_ISSUER: required when LEGACY_JWT_JWKS_URL is set[^]*LEGACY_JWT_AUDIENCE: required when LEGACY_JWT_JWKS_URL is set/,
    );
    expect(() => parseEnv({ LEGACY_JWT_JWKS_URL: jwks, LEGACY_JWT_ISSUER: "https://idp.example/" })).toThrow(/LEGACY_JWT_AUDIENCE/);
    expect(
      parseEnv({ LEGACY_JWT_JWKS_URL: jwks, LEGACY_JWT_ISSUER: "https://idp.example/", LEGACY_JWT_AUDIENCE: "storelens" })
        .LEGACY_JWT_AUDIENCE,
    ).toBe("storelens");
  });

  it("refuses a legacy shared secret without both the issuer and the audience to check", () => {
    const secret = "a-shared-secret-of-some-length";
    expect(() => parseEnv({ LEGACY_JWT_SECRET: secret })).toThrow(
      /LEGACY_JWT_ISSUER: required when LEGACY_JWT_SECRET is set[^]*LEGACY_JWT_AUDIENCE: required when LEGACY_JWT_SECRET is set/,
    );
    expect(() => parseEnv({ LEGACY_JWT_SECRET: secret, LEGACY_JWT_AUDIENCE: "storelens" })).toThrow(/LEGACY_JWT_ISSUER/);
    const env = parseEnv({ LEGACY_JWT_SECRET: secret, LEGACY_JWT_ISSUER: "https://idp.example/", LEGACY_JWT_AUDIENCE: "storelens" });
    expect(env.LEGACY_JWT_MAX_LIFETIME_SECONDS).toBe(3600);
    expect(() => parseEnv({ LEGACY_JWT_MAX_LIFETIME_SECONDS: "30" })).toThrow(/LEGACY_JWT_MAX_LIFETIME_SECONDS/);
  });

  it("requires e-mail verification by default only when mail really leaves the machine", () => {
    expect(isEmailVerificationRequired(parseEnv({}))).toBe(false);
    expect(isEmailVerificationRequired(parseEnv({ RESEND_API_KEY: "re_123" }))).toBe(true);
    expect(isEmailVerificationRequired(parseEnv({ RESEND_API_KEY: "re_123", REQUIRE_EMAIL_VERIFICATION: "false" }))).toBe(false);
    expect(isEmailVerificationRequired(parseEnv({ REQUIRE_EMAIL_VERIFICATION: "true" }))).toBe(true);
  });

  it("reads the MCP allow-lists as host names and origins, and refuses what is neither", () => {
    const env = parseEnv({
      MCP_ALLOWED_HOSTS: " StoreLens.internal, 10.0.0.5 ,",
      MCP_ALLOWED_ORIGINS: "https://Agents.example.com, http://localhost:6274",
    });
    expect(env.MCP_ALLOWED_HOSTS).toEqual(["storelens.internal", "10.0.0.5"]);
    expect(env.MCP_ALLOWED_ORIGINS).toEqual(["https://agents.example.com", "http://localhost:6274"]);
    expect(parseEnv({}).MCP_ALLOWED_HOSTS).toEqual([]);
    // A port or a scheme in a host entry would never match: say so at start-up instead.
    expect(() => parseEnv({ MCP_ALLOWED_HOSTS: "storelens.internal:8080" })).toThrow(/MCP_ALLOWED_HOSTS/);
    expect(() => parseEnv({ MCP_ALLOWED_HOSTS: "https://storelens.internal" })).toThrow(/MCP_ALLOWED_HOSTS/);
    expect(() => parseEnv({ MCP_ALLOWED_ORIGINS: "https://agents.example.com/app" })).toThrow(/MCP_ALLOWED_ORIGINS/);
  });

  it("documents every variable in .env.example", () => {
    const example = readFileSync(".env.example", "utf8");
    for (const key of Object.keys(envSchema.shape)) {
      if (key === "NODE_ENV") continue;
      expect(example, key).toContain(`${key}=`);
    }
  });

  it("lists every variable in the settings table of docs/operations.md", () => {
    const operations = readFileSync("docs/operations.md", "utf8");
    const table = operations.slice(operations.indexOf("## Settings"));
    const rows = table.split("\n").filter((line) => line.startsWith("| `"));
    for (const key of Object.keys(envSchema.shape)) {
      if (key === "NODE_ENV") continue;
      expect(
        rows.some((row) => row.split(" | ")[0]!.includes(`\`${key}\``)),
        key,
      ).toBe(true);
    }
  });
});
