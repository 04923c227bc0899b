/**
 * The refusals the OpenAPI document promises, as the route handlers really answer them: each
 * request below goes to its real handler in-process, and its status must be one the document
 * lists for the operation, its body valid against that answer's schema (ajv, the document's
 * own JSON Schema: a oneOf must match exactly one branch). One or more requests per error
 * status (400, 401, 402, 403, 404, 405, 409, 429) and the mismatches an outside fuzzer
 * (Schemathesis) found: 400s on path parameters, 429 bodies matching two oneOf branches, an
 * hourly limit answered as per_minute, an e-mail the document refuses and the server took.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { errorResponse } from "@/lib/http/responses";
import { loadRequestRefusals } from "@/server/request-refusals";
import {
  apiKeyHeader,
  createKeyedUser,
  createTestSession,
  createTestUser,
  malformedApiKey,
  sessionCookieHeader,
  TEST_ORIGIN,
} from "@/testing/auth/fixtures";
import { loadRouteHandler, PLACEHOLDER_ID } from "@/testing/auth/route-handlers";
import { documentedAnswerErrors, documentedComponentErrors } from "@/testing/openapi-answers";

type Call = {
  method: string;
  /** As the document writes it: `/api/apps/{name}`. */
  path: string;
  values?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  body?: unknown;
};
type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

/** Calls the route's exported handler as Next would: the URL as sent, the parameters as Next decodes them. */
async function call({ method, path: docPath, values = {}, query = "", headers = {}, body }: Call): Promise<Answer> {
  const handler = await loadRouteHandler(method, docPath.replace(/\{(\w+)\}/g, ":$1"));
  const url = docPath.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? "");
  const response = await handler(
    new Request(`${TEST_ORIGIN}${url}${query}`, {
      method,
      headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(values) },
  );

  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** Calls, then holds the answer to the document: the status it expects, documented, with a body that validates. */
async function expectDocumented(request: Call, status: number): Promise<Answer> {
  const answer = await call(request);
  const name = `${request.method} ${request.path} ${JSON.stringify(request.values ?? {})}${request.query ?? ""}`;
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(documentedAnswerErrors(request.method, request.path, answer.status, answer.body), name).toEqual([]);

  return answer;
}

let session: Record<string, string>;
let keyOfSessionUser: Record<string, string>;
let jobId: string;

beforeAll(async () => {
  const user = await createTestUser();
  session = { ...sessionCookieHeader(await createTestSession(user.id)), origin: TEST_ORIGIN };
  keyOfSessionUser = (await createKeyedUser()).headers;
  const [store] = await getDb().insert(stores).values({ domain: "refusals.test", slug: "refusals-test" }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain: "refusals.test", slug: "refusals-test" }).returning();
  jobId = job!.id;
});

afterEach(() => {
  for (const name of ["IP_BURST_LIMIT", "PROGRESS_CONNECTIONS_PER_ADDRESS", "X402_PAY_TO"]) delete process.env[name];
  resetEnvCache();
});

describe("400: documented on every operation, and the body is the Error with its issues", () => {
  it("path parameters past their maxLength or pattern, or text that cannot be stored", async () => {
    const refused: Call[] = [
      { method: "GET", path: "/api/apps/{name}", values: { name: "a".repeat(201) } },
      { method: "GET", path: "/api/blog/{slug}", values: { slug: "b".repeat(201) } },
      { method: "GET", path: "/api/pagespeed/{jobId}", values: { jobId: "p".repeat(301) } },
      { method: "DELETE", path: "/api/shops/{slug}", values: { slug: "Not_A_Slug" }, headers: session },
      { method: "GET", path: "/api/jobs/{id}", values: { id: "%00" } },
      { method: "GET", path: "/api/jobs/{id}/events", values: { id: "%00" } },
    ];
    for (const request of refused) {
      const { body } = await expectDocumented(request, 400);
      expect(body, request.path).toMatchObject({
        code: "invalid_request",
        issues: [expect.objectContaining({ path: expect.stringMatching(/^params\./) })],
      });
    }
  });

  it("a query string with a NUL on an operation that declares no query; GET /api/jobs with neither id nor domain", async () => {
    await expectDocumented({ method: "GET", path: "/api/health", query: "?x=%00" }, 400);
    await expectDocumented({ method: "GET", path: "/api/openapi.json", query: "?x=%FF" }, 400);
    const { body } = await expectDocumented({ method: "GET", path: "/api/jobs" }, 400);
    expect(body.issues).toEqual([{ path: "query", message: "one of id or domain is required" }]);
  });

  it("bodies: an e-mail domain label ending in a hyphen, a weak password, the chat's last message not the user's, a webhook without its signature", async () => {
    const notify = await expectDocumented(
      { method: "POST", path: "/api/jobs", headers: keyOfSessionUser, body: { domain: "refusals.test", notify_email: "x@bad-.com" } },
      400,
    );
    expect(notify.body.issues).toEqual([expect.objectContaining({ path: "body.notify_email" })]);
    const weak = await expectDocumented(
      { method: "POST", path: "/api/auth/sign-up", body: { email: "weak@example.test", password: "alllowercaseletters" } },
      400,
    );
    expect(weak.body.issues).toEqual([expect.objectContaining({ path: "body.password" })]);
    await expectDocumented({ method: "POST", path: "/api/auth/reset-password", body: { email: "x@-bad.com" } }, 400);
    const chat = await expectDocumented(
      {
        method: "POST",
        path: "/api/chat",
        body: {
          messages: [
            { role: "user", content: "hi" },
            { role: "assistant", content: "hello" },
          ],
        },
      },
      400,
    );
    expect(chat.body.issues).toEqual([expect.objectContaining({ path: "body.messages" })]);
    const webhook = await expectDocumented({ method: "POST", path: "/api/stripe/webhook", body: { id: "evt_1", object: "event" } }, 400);
    expect(webhook.body.error).toMatch(/Stripe-Signature/);
  });
});

describe("401, 402, 403, 404, 409", () => {
  it("401: no credentials where an account is needed; a key that was never issued, even where anyone may call", async () => {
    await expectDocumented({ method: "GET", path: "/api/shops" }, 401);
    await expectDocumented({ method: "GET", path: "/api/jobs/{id}", values: { id: jobId }, headers: apiKeyHeader(malformedApiKey()) }, 401);
    await expectDocumented({ method: "POST", path: "/api/chat", headers: apiKeyHeader(malformedApiKey()), body: { messages: [] } }, 401);
  });

  it("402: POST /api/jobs without credentials answers the x402 payment body (where pay-per-job is on)", async () => {
    process.env.X402_PAY_TO = `0x${"ab".repeat(20)}`;
    resetEnvCache();
    const { body } = await expectDocumented({ method: "POST", path: "/api/jobs", body: { domain: "refusals.test" } }, 402);
    expect(body.code).toBe("payment_required");
  });

  it("403: an API key where only a session is taken; a session's state-changing request from another origin", async () => {
    await expectDocumented({ method: "GET", path: "/api/api-keys", headers: keyOfSessionUser }, 403);
    await expectDocumented(
      { method: "GET", path: "/api/store-detail/{slug}/analytics", values: { slug: "refusals-test" }, headers: keyOfSessionUser },
      403,
    );
    const crossOrigin = { ...session, origin: "https://evil.example" };
    await expectDocumented(
      { method: "POST", path: "/api/chat", headers: crossOrigin, body: { messages: [{ role: "user", content: "hi" }] } },
      403,
    );
    await expectDocumented({ method: "DELETE", path: "/api/shops/{slug}", values: { slug: "refusals-test" }, headers: crossOrigin }, 403);
  });

  it("404: ids, slugs and names that name nothing", async () => {
    await expectDocumented({ method: "GET", path: "/api/jobs/{id}", values: { id: PLACEHOLDER_ID } }, 404);
    await expectDocumented({ method: "GET", path: "/api/jobs", query: `?id=${PLACEHOLDER_ID}` }, 404);
    await expectDocumented({ method: "GET", path: "/api/apps/{name}", values: { name: "no-such-app" } }, 404);
    await expectDocumented({ method: "GET", path: "/api/blog/{slug}", values: { slug: "no-such-post" } }, 404);
    await expectDocumented({ method: "GET", path: "/api/stores/{slug}", values: { slug: "no-such-store" } }, 404);
    await expectDocumented({ method: "DELETE", path: "/api/api-keys/{id}", values: { id: PLACEHOLDER_ID }, headers: session }, 404);
  });

  it("409: a webhook test with no webhook URL set", async () => {
    await expectDocumented({ method: "POST", path: "/api/webhooks/test", headers: session }, 409);
  });
});

describe("405: a method the route does not serve (answered by the custom server, with the Error body)", () => {
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "refusals-"));
    const dynamicRoutes = [{ page: "/api/jobs/[id]", regex: "^/api/jobs/([^/]+?)(?:/)?$" }];
    await writeFile(path.join(distDir, "routes-manifest.json"), JSON.stringify({ staticRoutes: [], dynamicRoutes }));
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));

  it("PUT /api/jobs/{id}: 405 with Allow, its body the document's Error", async () => {
    const refusal = loadRequestRefusals(distDir)("PUT", `/api/jobs/${PLACEHOLDER_ID}`);
    const response = errorResponse(refusal, "test");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(documentedComponentErrors("Error", await response.json())).toEqual([]);
  });
});

describe("429: each limit's body matches exactly one documented shape, naming its true window", () => {
  it("the address's cooldown window, on an operation with 429 shapes of its own (chat) and on one without", async () => {
    process.env.IP_BURST_LIMIT = "2";
    resetEnvCache();
    const from = { "x-forwarded-for": "198.51.100.90" };
    const ask = { method: "POST", path: "/api/chat", headers: from, body: { messages: [] } };
    for (let i = 0; i < 2; i += 1) expect((await call(ask)).status).toBe(400);
    const refused = await expectDocumented(ask, 429);
    expect(refused.body).toMatchObject({ code: "rate_limited", limit_type: "ip_cooldown" });
    expect(refused.headers.get("retry-after")).toBe(String(refused.body.retry_after));
    await expectDocumented({ method: "GET", path: "/api/jobs/{id}/events", values: { id: jobId }, headers: from }, 429);
    await expectDocumented({ method: "GET", path: "/api/apps", headers: from }, 429);
  });

  it("password reset requests per minute answer per_minute", async () => {
    const request = {
      method: "POST",
      path: "/api/auth/reset-password",
      headers: { "x-forwarded-for": "198.51.100.91" },
      body: { email: "limits@example.test" },
    };
    let answer = await call(request);
    for (let i = 0; answer.status === 202 && i < 20; i += 1) answer = await call(request);
    expect(answer.status).toBe(429);
    expect(documentedAnswerErrors("POST", "/api/auth/reset-password", 429, answer.body)).toEqual([]);
    expect(answer.body.limit_type).toBe("per_minute");
  });

  it("confirmation e-mails: the fourth in an hour answers per_hour, with the hour's Retry-After", async () => {
    const { headers } = await createKeyedUser({ emailVerified: null });
    const resend = { method: "POST", path: "/api/auth/verify-email/resend", headers };
    for (let i = 0; i < 3; i += 1) await expectDocumented(resend, 202);
    const refused = await expectDocumented(resend, 429);
    expect(refused.body).toMatchObject({ limit_type: "per_hour" });
    expect(Number(refused.body.retry_after)).toBeGreaterThan(60);
    expect(Number(refused.body.retry_after)).toBeLessThanOrEqual(3600);
  });

  it("an address's share of open progress streams answers open_connections", async () => {
    process.env.PROGRESS_CONNECTIONS_PER_ADDRESS = "1";
    resetEnvCache();
    const from = { "x-forwarded-for": "198.51.100.92" };
    const aborter = new AbortController();
    const handler = await loadRouteHandler("GET", "/api/jobs/:id/events");
    const open = await handler(new Request(`${TEST_ORIGIN}/api/jobs/${jobId}/events`, { headers: from, signal: aborter.signal }), {
      params: Promise.resolve({ id: jobId }),
    });
    expect(open.status).toBe(200);
    try {
      const refused = await expectDocumented({ method: "GET", path: "/api/jobs/{id}/events", values: { id: jobId }, headers: from }, 429);
      expect(refused.body).toMatchObject({ limit_type: "open_connections" });
      expect(refused.headers.get("retry-after")).toBe(String(refused.body.retry_after));
    } finally {
      aborter.abort();
      await open.body?.cancel().catch(() => {});
    }
  });
});
