import { randomUUID } from "node:crypto";
import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import WebSocket from "ws";
import { PASSWORD, signUp, uniqueEmail } from "./support/accounts";

// Every answer of the real server carries the security headers, and every page works under its
// Content-Security-Policy in Chromium: nothing refused, the app hydrates, the progress socket connects.

declare global {
  interface Window {
    __cspViolations?: string[];
    next?: { version?: string };
  }
}

const FIXED_HEADERS = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/** The policy's directives by name. */
function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/, 1)[0]!, part.slice(part.indexOf(" ") + 1)]),
  );
}

const NONCE_SCRIPTS = /^'self' 'nonce-([A-Za-z0-9+/]{22}==)' 'strict-dynamic' 'unsafe-inline'$/;
/** A page answered from memory (a completed report, a store page) names its inline scripts by digest instead: no nonce, no 'unsafe-inline'. */
const HASHED_SCRIPTS = /^'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/;

type Scripts = "nonce" | "hashes" | "nonce or hashes" | "self";

/**
 * Checks the headers; returns the answer's script nonce. Every answer rendered for its request
 * has one; a page kept in memory has digests; the socket refusal and JSON kept in memory only 'self'.
 */
function expectSecurityHeaders(headers: Record<string, string>, what: string, scripts: Scripts = "nonce"): string | undefined {
  expect(headers, what).toMatchObject(FIXED_HEADERS);
  const policy = directives(headers["content-security-policy"]);
  const allowed = {
    nonce: [NONCE_SCRIPTS],
    hashes: [HASHED_SCRIPTS],
    "nonce or hashes": [NONCE_SCRIPTS, HASHED_SCRIPTS],
    self: [/^'self'$/],
  }[scripts];
  expect(
    allowed.some((pattern) => pattern.test(policy["script-src"] ?? "")),
    `${what}: script-src ${policy["script-src"]}`,
  ).toBe(true);
  expect(policy, what).toMatchObject({
    "default-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
  });
  // BASE_URL is http here: no HSTS, no upgrade of subresources.
  expect(headers["strict-transport-security"], what).toBeUndefined();
  expect(policy["upgrade-insecure-requests"], what).toBeUndefined();

  return NONCE_SCRIPTS.exec(policy["script-src"] ?? "")?.[1];
}

const headersOf = (response: Response | APIResponse | null) => {
  expect(response).not.toBeNull();

  return response!.headers();
};

/**
 * Records what the browser refused: `securitypolicyviolation` events (each new document) and
 * the console's "Refused to …" lines, plus header errors such as an unknown Permissions-Policy feature.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy|Permissions-Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations!.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  // Store pictures point at hosts that do not exist here: answer them at once (after the CSP check, which happens first).
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 204 }));

  // What was refused since the last call.
  return async () => [...logged.splice(0), ...(await page.evaluate(() => window.__cspViolations?.splice(0) ?? []).catch(() => []))];
}

/**
 * Opens a page, checks its headers, waits until it is hydrated and settled with nothing refused;
 * returns its script nonce (none for a page answered from memory: its scripts run by digest).
 */
async function visit(page: Page, path: string, violations: () => Promise<string[]>, status = 200, scripts: Scripts = "nonce") {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  const nonce = expectSecurityHeaders(headersOf(response), path, scripts);
  await page.waitForLoadState("networkidle");
  // Next's client bootstrap ran: its inline and external scripts carry the answer's nonce (or match its digests).
  expect(await page.evaluate(() => typeof window.next?.version), `${path} hydrated`).toBe("string");
  // The scripts the answer carried; a chunk its scripts load later (a lazy component's) runs by
  // 'strict-dynamic' without a nonce of its own, and any refusal shows in violations() below.
  const nonces = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([type='application/ld+json'])")]
      .filter((script) => !(script as HTMLScriptElement).src || (script as HTMLScriptElement).nonce !== "")
      .map((script) => (script as HTMLScriptElement).nonce),
  );
  expect(nonces.length, path).toBeGreaterThan(0);
  if (nonce) expect(new Set(nonces), path).toEqual(new Set([nonce]));
  expect(await violations(), path).toEqual([]);

  return nonce;
}

/** Until the server answers `path` from memory (it keeps a visitor's page once its first answer went out). */
async function untilKept(page: Page, path: string): Promise<void> {
  await expect
    .poll(async () => String((await page.request.get(path)).headers()["content-security-policy"]), { timeout: 15_000 })
    .toContain("'sha256-");
}

/** A WebSocket opened by the page itself to the progress endpoint: closes 4404 for an unknown job, never blocked. */
async function pageSocketClose(page: Page): Promise<number> {
  return page.evaluate(
    (jobId) =>
      new Promise<number>((resolve) => {
        const url = new URL(`/api/ws/${jobId}`, location.href);
        url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
        const socket = new WebSocket(url);
        socket.onclose = (event) => resolve(event.code);
      }),
    randomUUID(),
  );
}

async function waitForSeed(page: Page) {
  const posts = async () => ((await (await page.request.get("/api/blog")).json()) as { data: unknown[] }).data.length;
  await expect.poll(posts, { timeout: 30_000 }).toBeGreaterThan(0);
}

test("the public pages work under the Content-Security-Policy and carry the security headers", async ({ page }) => {
  test.setTimeout(120_000);
  await waitForSeed(page);
  const violations = await watchViolations(page);

  const first = await visit(page, "/", violations);
  // The home page's form is live (React handles the input) and its progress socket may connect.
  await page.getByRole("textbox", { name: "Store domain" }).fill("demo.test");
  expect(await pageSocketClose(page)).toBe(4404);
  // A new nonce for every answer.
  expect(await visit(page, "/", violations)).not.toBe(first);

  await visit(page, "/stores", violations);
  // The store page may already be kept in memory by an earlier visit: a nonce, or its scripts' digests.
  await visit(page, "/stores/published-shop-test", violations, 200, "nonce or hashes");
  // Client-side navigation fetches the next page's payload from this origin.
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  const report = await page.getByRole("link", { name: "Full report" }).getAttribute("href");
  expect(report).toMatch(/^\/reports\/[0-9a-f-]{36}$/);
  await visit(page, report!, violations, 200, "nonce or hashes");

  await visit(page, "/apps", violations);
  await visit(page, "/apps/judge-me", violations);
  await visit(page, "/blog", violations);
  const post = await page
    .getByRole("link", { name: /Shopify directory weekly/ })
    .first()
    .getAttribute("href");
  await visit(page, post!, violations);
  await visit(page, "/pricing", violations);
  await visit(page, "/docs", violations);
  await visit(page, "/docs/changelog", violations);
  await visit(page, "/sign-in", violations);
  await visit(page, "/sign-up", violations);
  await visit(page, "/no-such-page", violations, 404);
});

test("a report page and a store page answered from memory hydrate and work under a policy naming their scripts by digest", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForSeed(page);
  const violations = await watchViolations(page);
  await page.goto("/stores/published-shop-test");
  const report = await page.getByRole("link", { name: "Full report" }).first().getAttribute("href");
  expect(report).toMatch(/^\/reports\/[0-9a-f-]{36}$/);

  for (const path of ["/stores/published-shop-test", report!]) {
    await untilKept(page, path);
    await visit(page, path, violations, 200, "hashes");
  }
  // The report's product table is live: a search goes to the server and narrows the rows.
  const rows = page.getByTestId("product-row");
  const title = (await rows.first().getByRole("link").textContent())!.trim();
  await page.getByRole("searchbox", { name: "Search products" }).fill(title);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replace(/%20/g, "(\\+|%20)")}`));
  await expect(rows.first()).toContainText(title);
  await page.getByRole("searchbox", { name: "Search products" }).fill("no product is called this");
  await expect(rows).toHaveCount(0);
  expect(await violations()).toEqual([]);

  // JSON kept in memory: the same headers, scripts 'self' only (a JSON answer runs none).
  const json = `/api/reports/${report!.split("/").pop()}`;
  await expect
    .poll(async () => String((await page.request.get(json)).headers()["content-security-policy"]), { timeout: 15_000 })
    .not.toContain("nonce-");
  const kept = await page.request.get(json, { headers: { "accept-encoding": "br" } });
  expect(kept.status()).toBe(200);
  expect(kept.headers()["content-encoding"]).toBe("br");
  expectSecurityHeaders(kept.headers(), json, "self");
});

test("a script injected into a page answered from memory does not run; the page's own scripts do", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/stores/published-shop-test");
  await untilKept(page, "/stores/published-shop-test");
  await page.route(/\/stores\/published-shop-test$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</head>", "<script>window.__injected = true</script></head>");
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
    );
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  const response = await page.goto("/stores/published-shop-test");
  expectSecurityHeaders(headersOf(response), "/stores/published-shop-test", "hashes");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => typeof window.next?.version)).toBe("string");
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  expect((await violations()).join("\n")).toContain("script-src");
});

test("a script that found its way into a page's HTML without the nonce does not run; the page's own scripts do", async ({ page }) => {
  const violations = await watchViolations(page);
  // As a stored injection would arrive: inside the server's own answer, under its own headers.
  await page.route(/\/stores$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</head>", "<script>window.__injected = true</script></head>");
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
    );
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  const response = await page.goto("/stores");
  expectSecurityHeaders(headersOf(response), "/stores");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => typeof window.next?.version)).toBe("string");
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  expect((await violations()).join("\n")).toContain("script-src");
});

test("signed in, the form posts, the dashboard and the progress socket work under the policy", async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  // Sign-up posts the form (a server action) and is redirected to the dashboard.
  await signUp(page, uniqueEmail("csp"));
  expect(await violations()).toEqual([]);

  for (const path of ["/dashboard", "/dashboard/jobs", "/dashboard/api-keys", "/dashboard/billing", "/dashboard/tracked-stores"]) {
    await visit(page, path, violations);
  }
  await visit(page, "/", violations);
  expect(await pageSocketClose(page)).toBe(4404);
  expect(await violations()).toEqual([]);
});

test("without JavaScript the sign-in form is a real form post, and its redirect is allowed", async ({ browser, request }) => {
  const email = uniqueEmail("nojs");
  expect((await request.post("/api/auth/sign-up", { data: { email, password: PASSWORD } })).status()).toBe(202);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy|violates/i.test(message.text())) refused.push(message.text());
  });
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(refused).toEqual([]);
  await context.close();
});

test("API answers, errors, static files, stored-encoding reports and the server's own answers carry the headers", async ({
  page,
  request,
  baseURL,
}) => {
  await waitForSeed(page);
  const answers: [string, APIResponse, number][] = [];
  const get = async (path: string, status: number, headers: Record<string, string> = {}) => {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    answers.push([path, response, status]);

    return response;
  };

  await get("/api/health", 200);
  await get("/api/openapi.json", 200);
  await get("/api/free-export?slug=no-such-store", 404);
  await get("/api/free-export?slug=published-shop-test&format=xlsx", 400);
  await get("/api/free-export?slug=published-shop-test&format=csv", 200);
  await get("/api/api-keys", 401);
  // The custom server answers an /api path no route serves by itself.
  await get("/api/no-such-endpoint", 404);
  // The report is sent as stored gzip bytes, the custom server restoring Content-Encoding; then a 304.
  const reportResponse = await get("/api/reports/published-shop-test", 200, { "accept-encoding": "gzip" });
  expect(reportResponse.headers()["content-encoding"]).toBe("gzip");
  await get("/api/reports/published-shop-test", 304, { "accept-encoding": "gzip", "if-none-match": reportResponse.headers().etag! });
  await get("/robots.txt", 200);
  await get("/sitemap.xml", 200);
  await get("/stores/published-shop-test/opengraph-image", 200);
  await get("/no-such-page", 404);
  const html = await (await get("/", 200)).text();
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  await get(script!, 200);

  for (const [path, response, status] of answers) {
    expect(response.status(), path).toBe(status);
    expectSecurityHeaders(response.headers(), path);
  }
  const post = await request.post("/api/health");
  expect(post.status()).toBeGreaterThanOrEqual(400);
  expectSecurityHeaders(post.headers(), "POST /api/health");

  // A WebSocket upgrade refused by the custom server (a page on another site).
  const refused = await new Promise<{ status: number; headers: Record<string, string> }>((resolve, reject) => {
    const socket = new WebSocket(`${baseURL!.replace(/^http/, "ws")}/api/ws/${randomUUID()}`, { origin: "https://evil.example" });
    socket.on("unexpected-response", (_req, res) =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string> }),
    );
    socket.on("open", () => reject(new Error("a cross-origin socket was accepted")));
    socket.on("error", () => {});
  });
  expect(refused.status).toBe(403);
  expectSecurityHeaders(refused.headers, "refused WebSocket upgrade", "self");
});
