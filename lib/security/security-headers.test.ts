import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { scriptNonce, securityHeaders } from "./security-headers";

// The header set the custom server puts on every answer, as the settings shape it.
// That pages actually work under it is proven in a browser: e2e/security-headers.spec.ts.

const headersFor = (settings: Record<string, string>) => securityHeaders(parseEnv({ NODE_ENV: "production", ...settings }));

/** The directives of a policy by name: `{ "img-src": ["'self'", "https:", "data:"] }`. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);

      return [name!, sources];
    }),
  );
}

describe("securityHeaders", () => {
  it("forbids framing, sniffing, other origins' scripts, plugins and <base>, and sends only the origin to other sites", () => {
    const headers = headersFor({ BASE_URL: "http://127.0.0.1:3000" });

    expect(headers).toMatchObject({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    });
    expect(directives(headers["content-security-policy"]!)).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "https:", "data:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", "ws://127.0.0.1:3000"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
  });

  it("pins browsers to https (HSTS, upgraded subresources, wss) only when BASE_URL is https", () => {
    const https = headersFor({ BASE_URL: "https://storelens.example" });
    expect(https["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const policy = directives(https["content-security-policy"]!);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(policy["connect-src"]).toEqual(["'self'", "wss://storelens.example"]);

    const http = headersFor({ BASE_URL: "http://localhost:3000" });
    expect(http).not.toHaveProperty("strict-transport-security");
    expect(directives(http["content-security-policy"]!)).not.toHaveProperty("upgrade-insecure-requests");
  });

  it("lets a sign-in form go on to the configured OAuth providers, and to no one else", () => {
    const oauth = directives(
      headersFor({ AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret", AUTH_GOOGLE_ID: "id", AUTH_GOOGLE_SECRET: "secret" })[
        "content-security-policy"
      ]!,
    );
    expect(oauth["form-action"]).toEqual(["'self'", "https://github.com", "https://accounts.google.com"]);
    expect(directives(headersFor({ AUTH_GITHUB_ID: "id" })["content-security-policy"]!)["form-action"]).toEqual(["'self'"]);
  });

  it("runs a page's scripts by its nonce only, and what they load", () => {
    const nonce = scriptNonce();
    const page = directives(securityHeaders(parseEnv({ NODE_ENV: "production" }), nonce)["content-security-policy"]!);
    expect(page["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", "'unsafe-inline'"]);
    // What Next accepts as a nonce (get-script-nonce-from-header), fresh for every answer.
    expect(nonce).toMatch(/^[A-Za-z0-9+/_-]+={0,2}$/);
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(Array.from({ length: 100 }, scriptNonce)).size).toBe(100);
  });

  it("allows eval for React's development tooling in development only", () => {
    const development = securityHeaders(parseEnv({ NODE_ENV: "development" }), "bm9uY2U=");
    expect(directives(development["content-security-policy"]!)["script-src"]).toEqual([
      "'self'",
      "'nonce-bm9uY2U='",
      "'strict-dynamic'",
      "'unsafe-inline'",
      "'unsafe-eval'",
    ]);
    expect(directives(headersFor({})["content-security-policy"]!)["script-src"]).not.toContain("'unsafe-eval'");
  });
});
