import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { parseResolveRules } from "./resolve-rules";
import { SharedByteBudget } from "./byte-budget";
import { safeFetch } from "./safe-fetch";
import { startTestServer } from "@/testing/test-server";
import type { LookupAddress } from "./types";

type Server = Awaited<ReturnType<typeof startTestServer>>;

let server: Server;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/hello":
        res.setHeader("set-cookie", ["cart_currency=SEK; path=/", "localization=SE; path=/"]);
        res.end(`hello ${req.headers.host}`);
        break;
      case "/redirect":
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/hello" }).end();
        break;
      case "/loop":
        res.writeHead(301, { location: "/loop" }).end();
        break;
      case "/big":
        // Chunked with no Content-Length: the cap must trip while streaming.
        for (let i = 0; i < 40; i += 1) {
          res.write("x".repeat(64 * 1024));
        }
        res.end();
        break;
      case "/declared-big":
        res.writeHead(200, { "content-length": String(5_000_000) });
        res.write("x");
        break;
      case "/bomb":
        res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
        break;
      case "/gzip":
        res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("compressed ok"));
        break;
      case "/hang":
        break;
      case "/stall":
        res.writeHead(200);
        res.write("partial");
        break;
      case "/echo":
        res.end(JSON.stringify({ method: req.method, host: req.headers.host }));
        break;
      default:
        res.writeHead(404).end();
    }
  });
});

afterAll(async () => {
  await server.close();
});

const allowLocal = { allowPrivateNetwork: true, resolveRules: [] };

/** DNS seam: a fixed answer per name, counting calls. */
function fakeDns(answers: Record<string, LookupAddress[]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const answer = answers[hostname];
    if (!answer) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    }

    return answer;
  };

  return { calls, lookup };
}

describe("safeFetch: SSRF guard", () => {
  it("refuses loopback literals unless private networks are allowed", async () => {
    const refused = await safeFetch(`${server.origin}/hello`, { allowPrivateNetwork: false, resolveRules: [] });
    expect(refused).toMatchObject({ ok: false, error: { kind: "blocked_address" } });

    const allowed = await safeFetch(`${server.origin}/hello`, allowLocal);
    expect(allowed).toMatchObject({ ok: true, response: { status: 200 } });
  });

  it("refuses a name that resolves to a private address, also via IPv4-mapped IPv6", async () => {
    const dns = fakeDns({
      "mapped.example": [{ address: "::ffff:10.0.0.1", family: 6 }],
      "mixed.example": [
        { address: "23.227.38.65", family: 4 },
        { address: "169.254.169.254", family: 4 },
      ],
      "ula.example": [{ address: "fd00::1", family: 6 }],
    });
    for (const host of ["mapped.example", "mixed.example", "ula.example"]) {
      const result = await safeFetch(`http://${host}/`, { allowPrivateNetwork: false, resolveRules: [], lookup: dns.lookup });
      expect(result).toMatchObject({ ok: false, error: { kind: "blocked_address" } });
    }
  });

  it("refuses the real name localhost", async () => {
    const result = await safeFetch(`http://localhost:${server.port}/hello`, { allowPrivateNetwork: false, resolveRules: [] });
    expect(result).toMatchObject({ ok: false, error: { kind: "blocked_address" } });
  });

  it("connects to the address it vetted and keeps the original Host header (no second lookup)", async () => {
    const dns = fakeDns({ "shop.example": [{ address: "127.0.0.1", family: 4 }] });
    const result = await safeFetch(`http://shop.example:${server.port}/hello`, { ...allowLocal, lookup: dns.lookup });
    expect(result).toMatchObject({ ok: true, response: { body: `hello shop.example:${server.port}` } });
    expect(dns.calls).toEqual(["shop.example"]);
  });

  it("re-checks every redirect hop: a redirect to 127.0.0.1 is refused", async () => {
    // The first hop goes through a trusted resolve rule; the Location points at loopback.
    const rules = parseResolveRules(`*.test=${server.origin}`);
    const to = encodeURIComponent(`${server.origin}/hello`);
    const result = await safeFetch(`http://shop.test/redirect?to=${to}`, { allowPrivateNetwork: false, resolveRules: rules });
    expect(result).toMatchObject({ ok: false, error: { kind: "blocked_address", url: `${server.origin}/hello` } });
  });

  it("classifies DNS failures and refused connections", async () => {
    const dns = fakeDns({});
    const missing = await safeFetch("http://nowhere.example/", { ...allowLocal, lookup: dns.lookup });
    expect(missing).toMatchObject({ ok: false, error: { kind: "dns" } });

    const closed = await startTestServer(() => undefined);
    await closed.close();
    const refused = await safeFetch(`${closed.origin}/`, allowLocal);
    expect(refused).toMatchObject({ ok: false, error: { kind: "network" } });
  });

  it("refuses non-http schemes and credentials in URLs", async () => {
    expect(await safeFetch("file:///etc/passwd", allowLocal)).toMatchObject({ ok: false, error: { kind: "invalid_url" } });
    expect(await safeFetch(`http://a:b@127.0.0.1:${server.port}/`, allowLocal)).toMatchObject({
      ok: false,
      error: { kind: "invalid_url" },
    });
  });
});

describe("safeFetch: redirects", () => {
  it("follows redirects, recording each hop", async () => {
    const result = await safeFetch(`${server.origin}/redirect?to=/hello`, allowLocal);
    expect(result).toMatchObject({
      ok: true,
      response: { status: 200, url: `${server.origin}/hello`, redirects: [{ status: 302, location: "/hello" }] },
    });
  });

  it("stops after the maximum number of redirects", async () => {
    const result = await safeFetch(`${server.origin}/loop`, { ...allowLocal, maxRedirects: 3 });
    expect(result).toMatchObject({ ok: false, error: { kind: "too_many_redirects" } });
    expect(server.seen.filter((r) => r.url === "/loop").length).toBe(4);
  });

  it("returns the 3xx itself when redirects are off (webhooks) or the caller declines one", async () => {
    const off = await safeFetch(`${server.origin}/redirect?to=/hello`, { ...allowLocal, maxRedirects: 0 });
    expect(off).toMatchObject({ ok: true, response: { status: 302, headers: { location: "/hello" }, redirects: [] } });

    const declined = await safeFetch(`${server.origin}/redirect?to=/password`, {
      ...allowLocal,
      shouldFollowRedirect: (next) => next.pathname !== "/password",
    });
    expect(declined).toMatchObject({ ok: true, response: { status: 302, headers: { location: "/password" } } });
  });

  it("destroys a redirect's body instead of draining it: an endless 3xx body cannot pin the connection", async () => {
    const cap = 64 * 1024 * 1024;
    const endless = await startEndlessRedirectServer(cap);
    try {
      const result = await safeFetch(`${endless.origin}/go`, allowLocal);
      expect(result).toMatchObject({ ok: true, response: { status: 200, body: "arrived" } });
      const outcome = await endless.redirectOutcome;
      expect(outcome.closedByClient).toBe(true);
      expect(outcome.bytesSent).toBeLessThan(cap);
    } finally {
      await endless.close();
    }
  });

  it("adds each hop's own headers for its own URL, and never carries them to the next hop", async () => {
    const other = await startTestServer((req, res) => res.end(String(req.headers["x-hop"])));
    try {
      const asked: string[] = [];
      const result = await safeFetch(`${server.origin}/redirect?to=${encodeURIComponent(`${other.origin}/landing`)}`, {
        ...allowLocal,
        headersForUrl: async (url) => {
          asked.push(url.href);

          return { "x-hop": url.host };
        },
      });
      expect(asked).toEqual([`${server.origin}/redirect?to=${encodeURIComponent(`${other.origin}/landing`)}`, `${other.origin}/landing`]);
      expect(result).toMatchObject({ ok: true, response: { body: new URL(other.origin).host } });
      expect(server.seen.at(-1)?.headers["x-hop"]).toBe(new URL(server.origin).host);
    } finally {
      await other.close();
    }
  });

  it("turns a POST into a GET on 302", async () => {
    const result = await safeFetch(`${server.origin}/redirect?to=/echo`, { ...allowLocal, method: "POST", body: "{}" });
    expect(result.ok && JSON.parse(result.response.body)).toMatchObject({ method: "GET" });
  });
});

describe("safeFetch: limits", () => {
  it("aborts a streamed body past the size cap", async () => {
    const result = await safeFetch(`${server.origin}/big`, { ...allowLocal, maxBytes: 1024 * 1024 });
    expect(result).toMatchObject({ ok: false, error: { kind: "too_large" } });
    expect((await safeFetch(`${server.origin}/big`, { ...allowLocal, maxBytes: 4 * 1024 * 1024 })).ok).toBe(true);
  });

  it("refuses a declared Content-Length over the cap without reading it", async () => {
    const result = await safeFetch(`${server.origin}/declared-big`, { ...allowLocal, maxBytes: 1024 });
    expect(result).toMatchObject({ ok: false, error: { kind: "too_large" } });
  });

  it("caps the decoded size of compressed bodies and decodes normal ones", async () => {
    const bomb = await safeFetch(`${server.origin}/bomb`, { ...allowLocal, maxBytes: 1024 * 1024 });
    expect(bomb).toMatchObject({ ok: false, error: { kind: "too_large" } });

    const gzip = await safeFetch(`${server.origin}/gzip`, allowLocal);
    expect(gzip).toMatchObject({ ok: true, response: { body: "compressed ok" } });
  });

  it("charges bodies read at the same time to one shared budget, chunk by chunk", async () => {
    // Each 8 MB bomb alone is within its own 10 MB cap; read together they pass the shared 10 MB.
    const shared = new SharedByteBudget(10 * 1024 * 1024);
    const results = await Promise.all(
      [1, 2, 3].map(() => safeFetch(`${server.origin}/bomb`, { ...allowLocal, maxBytes: 10 * 1024 * 1024, byteBudget: shared })),
    );

    expect(results.some((result) => !result.ok && result.error.kind === "too_large")).toBe(true);
    // Past the budget, each body read at most one more chunk (zlib hands out 16 KiB at a time).
    expect(shared.used).toBeGreaterThan(shared.maxBytes);
    expect(shared.used).toBeLessThanOrEqual(shared.maxBytes + 3 * 64 * 1024);
    // A body that starts once the budget is spent reads nothing.
    const late = await safeFetch(`${server.origin}/gzip`, { ...allowLocal, byteBudget: shared });
    expect(late).toMatchObject({ ok: false, error: { kind: "too_large" } });
  });

  it("times out when no answer comes, and when the body stalls", async () => {
    expect(await safeFetch(`${server.origin}/hang`, { ...allowLocal, timeoutMs: 150 })).toMatchObject({
      ok: false,
      error: { kind: "timeout" },
    });
    expect(await safeFetch(`${server.origin}/stall`, { ...allowLocal, timeoutMs: 150 })).toMatchObject({
      ok: false,
      error: { kind: "timeout" },
    });
  });

  it("reports a caller abort as aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await safeFetch(`${server.origin}/hang`, { ...allowLocal, signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: { kind: "aborted" } });
  });
});

describe("safeFetch: SHOP_RESOLVE and env defaults", () => {
  it("sends matching hosts to the configured origin with the original Host header", async () => {
    process.env.SHOP_RESOLVE = `*.test=${server.origin}`;
    process.env.ALLOW_PRIVATE_NETWORK = "false";
    resetEnvCache();
    try {
      const plain = await safeFetch("http://Any-Store.test/hello");
      expect(plain).toMatchObject({ ok: true, response: { body: "hello any-store.test" } });

      // https in the URL, plain http to the resolve origin; Host keeps the store name.
      const secure = await safeFetch("https://shop.test/hello");
      expect(secure).toMatchObject({ ok: true, response: { body: "hello shop.test", url: "https://shop.test/hello" } });
      expect(secure.ok && secure.response.setCookies).toEqual(["cart_currency=SEK; path=/", "localization=SE; path=/"]);

      // Exact-name semantics: other hosts are not rewritten (and loopback stays refused).
      const other = await safeFetch(`${server.origin}/hello`);
      expect(other).toMatchObject({ ok: false, error: { kind: "blocked_address" } });
    } finally {
      delete process.env.SHOP_RESOLVE;
      delete process.env.ALLOW_PRIVATE_NETWORK;
      resetEnvCache();
    }
  });
});

/**
 * Answers /go with a 302 whose body never ends (written as fast as the client takes it) and
 * /arrived with a short page. `redirectOutcome` settles when the client closes the 302's
 * connection, or once `cap` bytes were sent without that happening.
 */
async function startEndlessRedirectServer(cap: number) {
  let settle: (outcome: { closedByClient: boolean; bytesSent: number }) => void = () => undefined;
  const redirectOutcome = new Promise<{ closedByClient: boolean; bytesSent: number }>((resolve) => {
    settle = resolve;
  });
  const chunk = Buffer.alloc(64 * 1024, 0x78);

  return startTestServer((req, res) => {
    if (req.url !== "/go") {
      res.end("arrived");
      return;
    }
    let sent = 0;
    res.socket?.once("close", () => settle({ closedByClient: true, bytesSent: sent }));
    res.writeHead(302, { location: "/arrived" });
    const pump = () => {
      while (sent < cap) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once("drain", pump);
          return;
        }
      }
      settle({ closedByClient: false, bytesSent: sent });
    };
    pump();
  }).then((server) => ({ ...server, redirectOutcome }));
}
