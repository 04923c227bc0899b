import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { hostileCredentialHeaders } from "../testing/hostile/credentials";
import { hostileEscape, hostileString } from "../testing/hostile/text-inputs";
import { hasErrorBody, isJsonRpcError, rawRequest, type RawAnswer } from "./support/raw-http";

// The API fuzz of lib/endpoints/api-fuzz.test.ts, through the real custom server and Next: what
// only they answer (dot segments, encoded slashes, methods a route does not serve, methods
// Next does not route, escapes of text the database cannot store in paths and queries) with
// hostile credentials and bodies (NUL and lone surrogates too). No 5xx, and every 4xx carries the
// error body. `FUZZ_RUNS=10000 npx playwright test e2e/api-fuzz.spec.ts` (or `npm run test:fuzz`)
// runs many more cases; `FUZZ_SEED=` replays one.

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
// Requests that reach a route count toward the per-address burst limit (300/s by default);
// staying under it keeps the run, and the specs after it, clear of the cooldown.
const MIN_INTERVAL_MS = 5;

type Operation = { method: string; path: string };

const segment = fc.oneof(
  fc.constantFrom(
    "..",
    ".",
    "%2e%2e",
    "%2E.",
    ".%2e",
    "%2e",
    "..%2f..",
    "..%2F..%2Fetc%2Fpasswd",
    "%2f",
    "a%2fb",
    "%5c",
    "..%5c..",
    "\\",
    "..\\..",
    "%00",
    "%E0",
    "%",
    "%zz",
    "00000000-0000-4000-8000-000000000000",
    "x",
    "a".repeat(300),
    ";",
    "%3B",
    "~",
  ),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
  // Text the database cannot store, as a URL spells it: refused with 400 before any route.
  hostileEscape,
);

/** Ways to bend a path while keeping it under /api, as written (node:http sends it untouched). */
const mutation = fc.constantFrom(
  (p: string) => p,
  (p: string) => `${p}/..`,
  (p: string) => `${p}/%2e%2e/%2e%2e/etc/passwd`,
  (p: string) => `${p}/./`,
  (p: string) => `${p}/`,
  (p: string) => `${p}//`,
  (p: string) => `${p}/nope`,
  (p: string) => p.replace("/api/", "/api%2f"),
  (p: string) => p.replace("/api/", "/api%2F"),
  (p: string) => p.replace("/api/", "/api\\"),
  (p: string) => p.replace("/api/", "/api/x/../"),
  (p: string) => p.replaceAll("/", "\\").replace("\\api", "/api"),
  (p: string) => p.replace(/\/([^/]+)$/, "/%2e%2e/$1"),
);

const method = (op: Operation) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(op.method) },
    { weight: 2, arbitrary: fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE") },
    { weight: 1, arbitrary: fc.constantFrom("TRACE", "PROPFIND", "PURGE", "SEARCH", "LINK", "MKCOL", "M-SEARCH", "FOO", "GETX") },
  );

const body = fc.oneof(
  fc.constant(""),
  fc.constantFrom("{", "[1,2", "null", '"str"', '{"domain":"\\u0000"}', '{"domain":"x.test","webhook_url":"http://127.0.0.1/"}'),
  fc.string({ maxLength: 200 }),
  hostileString.map((text) => JSON.stringify({ domain: text, name: text, nested: { email: text } })),
);

const query = fc.oneof(
  fc.constantFrom("", "?page=-1", "?per_page=1e309", "?domain=%00", "?slug=..%2f..", "?q=%E0%A4%A", "?x=1&x=2"),
  fc.tuple(fc.constantFrom("domain", "slug", "q", "page"), hostileEscape).map(([name, value]) => `?${name}=${value}`),
);

test(`answers ${RUNS} hostile requests through the real server without a 5xx, every 4xx with the error body`, async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000 + RUNS * 100);
  const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })),
  );
  expect(operations.length).toBeGreaterThan(10);

  const caseArb = fc
    .integer({ min: 0, max: operations.length - 1 })
    .map((i) => operations[i]!)
    .chain((op) =>
      fc.record({
        method: method(op),
        path: fc.tuple(fc.array(segment, { minLength: 3, maxLength: 3 }), mutation).map(([values, bend]) => {
          let i = 0;

          return bend(op.path.replace(/\{\w+\}/g, () => values[i++] ?? "x"));
        }),
        query,
        credentials: fc.oneof(fc.constant({}), hostileCredentialHeaders),
        body,
        contentType: fc.constantFrom("application/json", "text/plain", ""),
      }),
    );

  const tally = { requests: 0, status5xx: 0, bare4xx: 0 };
  let last = 0;
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      const wait = last + MIN_INTERVAL_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      last = Date.now();

      const headers: Record<string, string> = { ...c.credentials, ...(c.contentType ? { "content-type": c.contentType } : {}) };
      const hasBody = !["GET", "HEAD"].includes(c.method);
      const answer: RawAnswer = await rawRequest(baseURL!, {
        method: c.method,
        path: `${c.path}${c.query}`,
        headers,
        ...(hasBody ? { body: c.body } : {}),
      });
      tally.requests += 1;
      const what = `${c.method} ${c.path}${c.query} ${JSON.stringify(c.credentials).slice(0, 120)} → ${answer.status} ${answer.body.slice(0, 200)}`;

      if (answer.status >= 500) tally.status5xx += 1;
      expect(answer.status, what).toBeLessThan(500);
      if (answer.status >= 400 && c.method !== "HEAD") {
        // The MCP server answers malformed messages as JSON-RPC errors, its protocol's error body.
        const answered = hasErrorBody(answer) || (c.path === "/api/mcp" && isJsonRpcError(answer));
        if (!answered) tally.bare4xx += 1;
        expect(answered, what).toBe(true);
      }
    }),
    { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  console.log(
    `api fuzz through the server: ${tally.requests} requests, ${tally.status5xx} 5xx, ${tally.bare4xx} 4xx without the error body`,
  );
});
