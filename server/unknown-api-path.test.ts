import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadUnknownApiPathMatcher, requestPathname } from "./unknown-api-path";

const dir = mkdtempSync(path.join(tmpdir(), "routes-manifest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The shape `next build` writes (regexes copied from a real build).
writeFileSync(
  path.join(dir, "routes-manifest.json"),
  JSON.stringify({
    staticRoutes: [
      { page: "/", regex: "^/(?:/)?$" },
      { page: "/api/jobs", regex: "^/api/jobs(?:/)?$" },
      { page: "/api/openapi.json", regex: "^/api/openapi\\.json(?:/)?$" },
    ],
    dynamicRoutes: [
      { page: "/api/jobs/[id]/status", regex: "^/api/jobs/([^/]+?)/status(?:/)?$" },
      { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
      { page: "/reports/[id]", regex: "^/reports/([^/]+?)(?:/)?$" },
    ],
  }),
);

describe("unknown /api paths", () => {
  const isUnknown = loadUnknownApiPathMatcher(dir)!;

  it("knows the build's API routes, static and dynamic", () => {
    for (const known of ["/api/jobs", "/api/jobs/", "/api/openapi.json", "/api/jobs/abc/status", "/api/auth/session", "/api/auth/callback/github"]) {
      expect(isUnknown(known), known).toBe(false);
    }
  });

  it("flags /api paths no route serves, and leaves pages to Next", () => {
    for (const unknown of ["/api", "/api/", "/api/nope", "/api/jobs/abc/nope", "/api/openapiXjson", "/api/ws/123"]) {
      expect(isUnknown(unknown), unknown).toBe(true);
    }
    for (const page of ["/", "/reports/x", "/no-such-page", "/apix"]) {
      expect(isUnknown(page), page).toBe(false);
    }
  });

  it("judges the path without its query string", () => {
    expect(requestPathname("/api/jobs?page=2#x")).toBe("/api/jobs");
    expect(requestPathname(undefined)).toBe("/");
  });

  it("leaves everything to Next when there is no build manifest (development)", () => {
    expect(loadUnknownApiPathMatcher(path.join(dir, "missing"))).toBeNull();
  });
});
