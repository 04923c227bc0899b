import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { startTestServer } from "@/testing/test-server";
import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { createPacer } from "./pacer";
import { createVirtualClock } from "@/testing/test-clock";

type Reply = (res: ServerResponse) => void;

/** Scripted answers per path, served in order; the last one repeats. */
const script = new Map<string, Reply[]>();
let server: Awaited<ReturnType<typeof startTestServer>>;

const json =
  (body: unknown, headers: Record<string, string> = {}): Reply =>
  (res) =>
    res.writeHead(200, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
const status =
  (code: number, headers: Record<string, string> = {}, body = ""): Reply =>
  (res) =>
    res.writeHead(code, { "content-type": "text/html", ...headers }).end(body);
const hang: Reply = () => undefined;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const replies = script.get(req.url ?? "") ?? [status(404)];
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    reply(res);
  });
});

afterAll(async () => {
  await server.close();
});

let clock: ReturnType<typeof createVirtualClock>;
let options: StoreFetchOptions;

beforeEach(() => {
  script.clear();
  server.seen.length = 0;
  clock = createVirtualClock();
  options = {
    pacer: createPacer({ minIntervalMs: 0, clock }),
    net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(`*.test=${server.origin}`) },
    backoffBaseMs: 1000,
    maxRetries: 5,
    random: () => 1,
    timeoutMs: 2000,
  };
});

const requestsTo = (path: string) => server.seen.filter((r) => r.url === path).length;

describe("fetchStore: retries", () => {
  it("retries 429 (honoring Retry-After), 430 and 5xx, then succeeds", async () => {
    script.set("/meta.json", [
      status(429, { "retry-after": "7" }),
      status(430),
      status(503),
      json({ id: 1 }, { "set-cookie": "cart_currency=sek; path=/" }),
    ]);
    const result = await fetchStore("shop.test", "/meta.json", "json", options);

    expect(result).toMatchObject({ status: "ok", json: { id: 1 }, attempts: 4, cartCurrency: "SEK" });
    // 429: Retry-After 7 s beats the 1 s backoff; 430: 4× slower (1000·4·2 = 8 s); 5xx: 4 s.
    expect(clock.sleeps).toEqual([7000, 8000, 4000]);
    expect(server.seen[0]?.headers["user-agent"]).toMatch(/StoreLensBot/);
    expect(server.seen[0]?.headers.host).toBe("shop.test");
  });

  it("reads Retry-After as an HTTP date", async () => {
    const at = new Date(clock.now() + 20_000).toUTCString();
    script.set("/a.json", [status(429, { "retry-after": at }), json({})]);
    await fetchStore("shop.test", "/a.json", "json", options);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(18_000);
  });

  it("gives up after maxRetries with rate_limited and the last Retry-After", async () => {
    script.set("/a.json", [status(429, { "retry-after": "3" })]);
    const result = await fetchStore("shop.test", "/a.json", "json", { ...options, maxRetries: 2, maxBlockStreak: 10 });
    expect(result).toMatchObject({ status: "rate_limited", httpStatus: 429, retryAfterMs: 3000 });
    expect(requestsTo("/a.json")).toBe(3);
  });

  it("hands a very long Retry-After back instead of sleeping through it", async () => {
    script.set("/a.json", [status(429, { "retry-after": "3600" })]);
    const result = await fetchStore("shop.test", "/a.json", "json", options);
    expect(result).toMatchObject({ status: "rate_limited", retryAfterMs: 3_600_000 });
    expect(requestsTo("/a.json")).toBe(1);
  });

  it("aborts after too many block-shaped answers in a row, and keeps later calls to one attempt", async () => {
    script.set("/a.json", [status(503)]);
    const first = await fetchStore("shop.test", "/a.json", "json", { ...options, maxRetries: 10, maxBlockStreak: 3 });
    expect(first).toMatchObject({ status: "unavailable", httpStatus: 503 });
    expect(first.status !== "ok" && first.message).toMatch(/3 block-shaped answers in a row/);
    expect(requestsTo("/a.json")).toBe(3);

    await fetchStore("shop.test", "/a.json", "json", { ...options, maxRetries: 10, maxBlockStreak: 3 });
    expect(requestsTo("/a.json")).toBe(4);
  });

  it("retries timeouts, then reports unavailable", async () => {
    script.set("/slow.json", [hang]);
    const result = await fetchStore("shop.test", "/slow.json", "json", { ...options, timeoutMs: 100, maxRetries: 1 });
    expect(result).toMatchObject({ status: "unavailable", httpStatus: null });
    expect(requestsTo("/slow.json")).toBe(2);
  });
});

describe("fetchStore: classification", () => {
  it("403 is blocked and not retried", async () => {
    script.set("/a.json", [status(403)]);
    expect(await fetchStore("shop.test", "/a.json", "json", options)).toMatchObject({ status: "blocked", httpStatus: 403 });
    expect(requestsTo("/a.json")).toBe(1);
  });

  it("a bot challenge served as 200 is blocked", async () => {
    script.set("/a.json", [status(200, {}, "<html><head><title>Just a moment...</title></head></html>")]);
    expect(await fetchStore("shop.test", "/a.json", "json", options)).toMatchObject({ status: "blocked" });
  });

  it("a 302 to exactly /password is password, without fetching the password page", async () => {
    script.set("/", [status(302, { location: "https://shop.test/password" })]);
    expect(await fetchStore("shop.test", "/", "html", options)).toMatchObject({ status: "password" });
    expect(requestsTo("/password")).toBe(0);
  });

  it("a JSON endpoint answering the HTML password page is password", async () => {
    const page = '<body class="template-password"><form method="post" action="/password"></form></body>';
    script.set("/products.json", [status(200, {}, page)]);
    expect(await fetchStore("shop.test", "/products.json", "json", options)).toMatchObject({ status: "password" });
  });

  it("a redirect to the store's other spelling is followed; one to another site is not", async () => {
    script.set("/meta.json", [status(301, { location: "https://www.shop.test/meta.json" }), json({ id: 2 })]);
    expect(await fetchStore("shop.test", "/meta.json", "json", options)).toMatchObject({
      status: "ok",
      url: "https://www.shop.test/meta.json",
    });
    script.set("/meta.json", [status(301, { location: "https://shop-se.test/meta.json" }), json({ id: 2 })]);
    expect(await fetchStore("shop.test", "/meta.json", "json", options)).toMatchObject({
      status: "redirected_off_store",
      host: "shop-se.test",
    });
  });

  it("HTML where JSON was expected is not_json; other statuses are http_error", async () => {
    script.set("/a.json", [status(200, {}, "<html>apple</html>")]);
    script.set("/b.json", [status(400, {}, '{"errors":"bad"}')]);
    expect(await fetchStore("shop.test", "/a.json", "json", options)).toMatchObject({ status: "not_json" });
    expect(await fetchStore("shop.test", "/b.json", "json", options)).toMatchObject({
      status: "http_error",
      httpStatus: 400,
      body: '{"errors":"bad"}',
    });
  });

  it("unknown hosts are not_found and private addresses refused", async () => {
    const lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await fetchStore("gone.example", "/meta.json", "json", { ...options, net: { lookup } })).toMatchObject({
      status: "not_found",
    });
    const local = async () => [{ address: "10.1.2.3", family: 4 }];
    expect(
      await fetchStore("evil.example", "/meta.json", "json", { ...options, net: { lookup: local, allowPrivateNetwork: false } }),
    ).toMatchObject({ status: "refused" });
  });
});

describe("fetchStore: a JSON POST", () => {
  it("sends the small JSON body as a POST with its content type, under the same User-Agent", async () => {
    script.set("/api/mcp", [json({ jsonrpc: "2.0", id: 1, result: { tools: [] } })]);
    const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    const result = await fetchStore("shop.test", "/api/mcp", "json", { ...options, jsonBody: body });

    expect(result).toMatchObject({ status: "ok", json: { jsonrpc: "2.0", id: 1 } });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]).toMatchObject({ method: "POST", body });
    expect(server.seen[0]?.headers["content-type"]).toBe("application/json");
    expect(server.seen[0]?.headers["user-agent"]).toMatch(/StoreLensBot/);
  });

  it("refuses an answer past the size cap like any other", async () => {
    script.set("/api/mcp", [json({ padding: "x".repeat(70_000) })]);
    const result = await fetchStore("shop.test", "/api/mcp", "json", { ...options, jsonBody: "{}", maxBytes: 64 * 1024 });

    expect(result).toMatchObject({ status: "too_large" });
  });
});
