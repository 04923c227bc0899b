import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import WebSocket from "ws";
import { hasErrorBody, rawExchange, rawRequest } from "./support/raw-http";

// Hostile or mistaken requests against the real server: JSON errors, never HTML, never a hang.

test("/api/pagespeed/not-a-uuid is not found, like its siblings", async ({ request }) => {
  const response = await request.get("/api/pagespeed/not-a-uuid");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: "not_found" });
});

test("a body over the cap is refused with 413 before it is read whole", async ({ request }) => {
  const response = await request.post("/api/auth/sign-up", {
    headers: { "content-type": "application/json" },
    data: `{"email":"big@example.com","password":"${"x".repeat(2_000_000)}"}`,
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ code: "payload_too_large" });
});

test("unknown /api paths answer the JSON error body with 404, whatever the method", async ({ request }) => {
  for (const path of ["/api/no-such-endpoint", "/api/jobs/00000000-0000-4000-8000-000000000000/nope?x=1", "/api"]) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const response = await request.fetch(path, { method, headers: { origin: "http://127.0.0.1" } });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toEqual({ error: expect.any(String), code: "not_found" });
    }
  }
  const head = await request.head("/api/no-such-endpoint");
  expect(head.status()).toBe(404);
});

test("known routes and pages are still Next's, and /api/ws still upgrades to a WebSocket", async ({ request, baseURL }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  expect((await request.get("/api/openapi.json")).status()).toBe(200);
  expect((await request.get("/no-such-page")).headers()["content-type"]).toContain("text/html");

  // Next has served requests by now, so its own upgrade listener is attached: the job socket must still answer.
  const socket = new WebSocket(`${baseURL!.replace(/^http/, "ws")}/api/ws/${randomUUID()}`);
  let opened = false;
  socket.on("open", () => (opened = true));
  const close = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on("error", reject);
  });
  expect(opened).toBe(true);
  expect(close).toEqual({ code: 4404, reason: "job not found" });
});

const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];
// Latin-1 strings: node:http sends each character as one byte, as a hostile client would.
const NOT_A_TOKEN = ["%00", `${"A".repeat(42)}%00`, "%C3%28", "%zz", "\u00e9t\u00e9", "x".repeat(6000)];

test("a session cookie that cannot be a session token is no credential: 401 where one is needed, pages signed out", async ({ baseURL }) => {
  for (const name of SESSION_COOKIES) {
    for (const value of NOT_A_TOKEN) {
      const headers = { cookie: `${name}=${value}` };
      const what = `${name}=${value.slice(0, 40)}`;
      const keys = await rawRequest(baseURL!, { method: "GET", path: "/api/api-keys", headers });
      expect(keys.status, what).toBe(401);
      expect(JSON.parse(keys.body), what).toMatchObject({ code: "unauthorized" });
      expect((await rawRequest(baseURL!, { method: "GET", path: "/api/health", headers })).status, what).toBe(200);
      const session = await rawRequest(baseURL!, { method: "GET", path: "/api/auth/session", headers });
      expect([session.status, session.body], what).toEqual([200, "null"]);
      const dashboard = await rawRequest(baseURL!, { method: "GET", path: "/dashboard", headers });
      expect(dashboard.status, what).toBe(307);
      expect(dashboard.headers.location, what).toContain("/sign-in");
    }
  }
});

test("a method a route does not serve is a 405 with Allow and the error body", async ({ baseURL }) => {
  const cases: [string, string, string][] = [
    ["PUT", "/api/api-keys", "GET, HEAD, OPTIONS, POST"],
    ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
    ["PATCH", "/api/jobs/00000000-0000-4000-8000-000000000000/status", "GET, HEAD, OPTIONS"],
    ["GET", "/api/auth/sign-up", "OPTIONS, POST"],
    ["TRACE", "/api/jobs", "GET, HEAD, OPTIONS, POST"],
    ["PROPFIND", "/api/jobs", "GET, HEAD, OPTIONS, POST"],
    ["PURGE", "/api/reports/x", "GET, HEAD, OPTIONS"],
    ["PATCH", "/api/auth/session", "GET, HEAD, OPTIONS, POST"],
    ["TRACE", "/api/auth/session", "GET, HEAD, OPTIONS, POST"],
  ];
  for (const [method, path, allow] of cases) {
    const answer = await rawRequest(baseURL!, { method, path });
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
    expect(hasErrorBody(answer), `${method} ${path}: ${answer.body}`).toBe(true);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "method_not_allowed" });
  }
  const head = await rawRequest(baseURL!, { method: "HEAD", path: "/api/auth/sign-up" });
  expect([head.status, head.headers.allow, head.body]).toEqual([405, "OPTIONS, POST", ""]);
  // OPTIONS stays Next's: 204 with the same Allow.
  const options = await rawRequest(baseURL!, { method: "OPTIONS", path: "/api/api-keys" });
  expect([options.status, options.headers.allow]).toEqual([204, "GET, HEAD, OPTIONS, POST"]);
});

test("dot segments, encoded slashes and backslashes in /api paths answer the JSON 404", async ({ baseURL }) => {
  for (const path of [
    "/api/changelog/../../etc/passwd",
    "/api/changelog/..",
    "/api/changelog/.",
    "/api/changelog/%2e%2e",
    "/api/changelog/%2E%2E/%2e%2e/etc/passwd",
    "/api/changelog/..%2f..%2fetc%2fpasswd",
    "/api/jobs/00000000-0000-4000-8000-000000000000/../status",
    "/api%2fjobs",
    "/api%2Fhealth",
    "/api\\health",
    "/api/changelog/..\\..\\etc",
  ]) {
    for (const method of ["GET", "POST", "HEAD"]) {
      const answer = await rawRequest(baseURL!, { method, path });
      expect(answer.status, `${method} ${path}`).toBe(404);
      if (method !== "HEAD") expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({ error: expect.any(String), code: "not_found" });
    }
  }
});

test("a malformed percent-escape in a path is a 400 with the error body, not Next's 500", async ({ baseURL }) => {
  for (const path of ["/api/reports/%", "/api/jobs/%zz/status", "/api/store-detail/%E0/compare", "/reports/%ED%A0%80"]) {
    const answer = await rawRequest(baseURL!, { method: "GET", path });
    expect(answer.status, path).toBe(400);
    expect(JSON.parse(answer.body), path).toEqual({ error: expect.any(String), code: "invalid_request" });
  }
});

test("what Auth.js refuses under /api/auth carries the error body", async ({ baseURL }) => {
  for (const [method, path] of [
    ["GET", "/api/auth/no-such-action"],
    ["POST", "/api/auth/sign-up/nope"],
    ["GET", "/api/auth/session/extra/segments"],
    // A session update without the CSRF token.
    ["POST", "/api/auth/session"],
  ]) {
    const answer = await rawRequest(baseURL!, {
      method: method!,
      path: path!,
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(answer.status, `${method} ${path}`).toBe(400);
    expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({ error: expect.any(String), code: "invalid_request" });
  }
});

test("a request Node cannot parse is answered with the error body, then closed", async ({ baseURL }) => {
  const cases: [string, number, string][] = [
    ["FOO /api/jobs HTTP/1.1\r\nHost: x\r\n\r\n", 400, "invalid_request"],
    ["GET /api/jobs HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "invalid_request"],
    ["GET /api/jobs HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400, "invalid_request"],
    [`GET /api/jobs HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "headers_too_large"],
  ];
  for (const [bytes, status, code] of cases) {
    const reply = await rawExchange(baseURL!, bytes);
    const [head, body] = reply.split("\r\n\r\n");
    expect(head, bytes.slice(0, 40)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({ error: expect.any(String), code });
  }
});
