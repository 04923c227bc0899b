import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiRouteMethods, loadRequestRefusals, requestPathname } from "./request-refusals";

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
      { page: "/api/changelog/[jobId]", regex: "^/api/changelog/([^/]+?)(?:/)?$" },
      { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
      { page: "/reports/[id]", regex: "^/reports/([^/]+?)(?:/)?$" },
    ],
  }),
);

describe("requests the server answers before Next", () => {
  const refuse = loadRequestRefusals(dir);
  const answer = (method: string, url: string) => {
    const error = refuse(method, url);

    return error && { status: error.status, code: error.code, allow: error.headers.allow };
  };

  it("leaves the build's API routes to Next for the methods they serve, and pages whatever the method", () => {
    for (const known of [
      "/api/jobs",
      "/api/jobs/",
      "/api/openapi.json",
      "/api/jobs/abc/status?x=1",
      "/api/auth/session",
      "/api/auth/callback/github",
    ]) {
      for (const method of ["GET", "HEAD", "OPTIONS"]) expect(answer(method, known), `${method} ${known}`).toBeNull();
    }
    expect(answer("POST", "/api/jobs")).toBeNull();
    expect(answer("POST", "/api/auth/signout")).toBeNull();
    for (const page of ["/", "/reports/x", "/no-such-page", "/apix", "/x/../api/jobs"]) {
      for (const method of ["GET", "DELETE", "TRACE"]) expect(answer(method, page), `${method} ${page}`).toBeNull();
    }
  });

  it("answers 404 for /api paths no route serves, whatever the method", () => {
    for (const unknown of ["/api", "/api/", "/api/nope", "/api/jobs/abc/nope", "/api/openapiXjson", "/api/ws/123"]) {
      for (const method of ["GET", "POST", "TRACE"]) {
        expect(answer(method, unknown), `${method} ${unknown}`).toEqual({ status: 404, code: "not_found", allow: undefined });
      }
    }
  });

  it("answers 404 for /api paths with dot segments, plain or percent-encoded, and for encoded or back slashes", () => {
    for (const hostile of [
      "/api/changelog/..",
      "/api/changelog/.",
      "/api/changelog/%2e%2e",
      "/api/changelog/%2E%2e/",
      "/api/changelog/../../etc/passwd",
      "/api/jobs/x/../status",
      "/api/jobs/%2e/status",
      "/api/changelog/..%2f..%2fetc%2fpasswd",
      "/api/changelog/..%5C..%5Cwindows",
      "/api/changelog/..\\..\\windows",
      "/api%2fjobs",
      "/api%2Fjobs/abc/status",
      "/api\\jobs",
    ]) {
      expect(answer("GET", hostile), hostile).toEqual({ status: 404, code: "not_found", allow: undefined });
    }
  });

  it("answers 405 with Allow for a method the route does not serve, Next's own and odd ones alike", () => {
    expect(answer("PUT", "/api/jobs")).toEqual({ status: 405, code: "method_not_allowed", allow: "GET, HEAD, OPTIONS, POST" });
    expect(answer("DELETE", "/api/jobs/abc/status")).toEqual({ status: 405, code: "method_not_allowed", allow: "GET, HEAD, OPTIONS" });
    for (const method of ["TRACE", "PROPFIND", "PURGE", "SEARCH", "M-SEARCH"]) {
      expect(answer(method, "/api/openapi.json"), method).toMatchObject({ status: 405, allow: "GET, HEAD, OPTIONS" });
    }
    expect(answer("PATCH", "/api/auth/session")).toEqual({ status: 405, code: "method_not_allowed", allow: "GET, HEAD, OPTIONS, POST" });
  });

  it("judges the path without its query string", () => {
    expect(requestPathname("/api/jobs?page=2#x")).toBe("/api/jobs");
    expect(requestPathname(undefined)).toBe("/");
  });

  it("answers 400 for a malformed percent-escape in any path, which Next would fail with a 500", () => {
    for (const malformed of [
      "/api/reports/%",
      "/api/jobs/%zz/status",
      "/api/reports/%E0",
      "/api/reports/%ED%A0%80",
      "/reports/%",
      "/%C3%28",
    ]) {
      expect(answer("GET", malformed), malformed).toEqual({ status: 400, code: "invalid_request", allow: undefined });
    }
    expect(answer("GET", "/api/jobs/%25/status?q=%")).toBeNull();
  });

  it("answers 400 for an encoded NUL in any path, and for a query string whose escapes decode to NUL or are not UTF-8", () => {
    for (const hostile of [
      "/api/apps/%00",
      "/api/jobs/%00/status",
      "/stores/a%00b",
      "/api/apps?q=%00",
      "/apps?q=%C3%28",
      "/api/jobs?domain=%FF",
      "/api/jobs?%00=1",
      "/?q=%C0%80",
      "/api/jobs?page=1&q=%ED%A0%80",
    ]) {
      expect(answer("GET", hostile), hostile).toEqual({ status: 400, code: "invalid_request", allow: undefined });
    }
    for (const fine of ["/api/jobs?q=caf%C3%A9", "/api/jobs?q=100%", "/api/jobs/%2500/status", "/api/jobs?q=%2500"])
      expect(answer("GET", fine), fine).toBeNull();
  });

  it("without a build (development) refuses only malformed escapes and NUL and leaves /api to Next", () => {
    for (const refuseWithout of [loadRequestRefusals(null), loadRequestRefusals(path.join(dir, "missing"))]) {
      expect(refuseWithout("GET", "/api/reports/%")?.status).toBe(400);
      expect(refuseWithout("GET", "/api/apps/%00")?.status).toBe(400);
      for (const url of ["/api/nope", "/api/changelog/..", "/api/jobs"]) expect(refuseWithout("PUT", url), url).toBeNull();
    }
  });
});

describe("the methods each API route serves", () => {
  const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
  const apiDir = path.join(process.cwd(), "app", "api");
  const routeFiles = (readdirSync(apiDir, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => ({ file, page: `/api/${path.dirname(file)}`.replace(/\/\.$/, "") }));
  const table = apiRouteMethods();

  it("knows every route file", () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    expect(routeFiles.map(({ page }) => page).filter((page) => !table.has(page))).toEqual([]);
    expect([...table.keys()].filter((page) => !routeFiles.some((route) => route.page === page))).toEqual([]);
  });

  it("holds exactly the methods each route file exports", async () => {
    // next-auth cannot load under Vitest; e2e/auth.spec.ts checks /api/auth/* method by method.
    for (const { file, page } of routeFiles.filter((route) => route.page !== "/api/auth/[...nextauth]")) {
      const mod = (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<string, unknown>;
      const exported = HTTP_METHODS.filter((method) => typeof mod[method] === "function");
      expect(exported.sort(), page).toEqual([...table.get(page)!].sort());
    }
  }, 120_000);
});
