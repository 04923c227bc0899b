import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { startTestServer } from "@/testing/test-server";
import { emptyCrawlStats, runWithCrawlContext } from "./crawl-context";
import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { createPacer } from "./pacer";
import { crawlerVerdicts, disallowedEssentials, MAX_CRAWL_DELAY_MS, readRobots, robotsPolicy } from "./robots";

type Reply = (res: ServerResponse) => void;
const script = new Map<string, Reply>();
let server: Awaited<ReturnType<typeof startTestServer>>;
const text =
  (code: number, body = ""): Reply =>
  (res) =>
    res.writeHead(code, { "content-type": "text/plain" }).end(body);

beforeAll(async () => {
  server = await startTestServer((req, res) => (script.get(req.url ?? "") ?? text(404))(res));
});
afterAll(async () => {
  await server.close();
});

let options: StoreFetchOptions;
beforeEach(() => {
  script.clear();
  server.seen.length = 0;
  options = {
    pacer: createPacer({ minIntervalMs: 0 }),
    net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(`*.test=${server.origin}`) },
    backoffBaseMs: 1,
    maxRetries: 1,
    timeoutMs: 2000,
  };
});

describe("robotsPolicy (RFC 9309)", () => {
  it("obeys the StoreLensBot group over *, and * when no group names us", () => {
    const ours = robotsPolicy({ status: "ok", text: "User-agent: *\nDisallow: /\n\nUser-agent: StoreLensBot\nDisallow: /pages\n" });
    expect(ours.isAllowed("/products.json?limit=250&page=1")).toBe(true);
    expect(ours.isAllowed("/pages.json?limit=250&page=1")).toBe(false);
    const star = robotsPolicy({ status: "ok", text: "User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /products.json\n" });
    expect(disallowedEssentials(star)).toEqual(["/products.json"]);
    expect(disallowedEssentials(robotsPolicy({ status: "missing", text: null }))).toEqual([]);
  });

  it("reads Crawl-delay for our group, capped", () => {
    expect(robotsPolicy({ status: "ok", text: "User-agent: *\nCrawl-delay: 2\n" }).crawlDelayMs).toBe(2000);
    expect(robotsPolicy({ status: "ok", text: "User-agent: *\nCrawl-delay: 3600\n" }).crawlDelayMs).toBe(MAX_CRAWL_DELAY_MS);
    expect(robotsPolicy({ status: "ok", text: "User-agent: *\nDisallow: /admin\n" }).crawlDelayMs).toBeNull();
  });
});

describe("crawlerVerdicts: what robots.txt tells other crawlers", () => {
  const verdicts = (text: string | null, tokens: string[]) =>
    crawlerVerdicts(text === null ? { status: "missing", text: null } : { status: "ok", text }, tokens);

  it("tells a crawler's own group apart from `*`: the whole site, some paths, nothing, or not named", () => {
    const text = [
      "User-agent: *",
      "Disallow: /admin",
      "",
      "User-agent: GPTBot",
      "Disallow: /",
      "",
      "User-agent: ClaudeBot",
      "Allow: /",
      "",
      "User-agent: PerplexityBot",
      "Disallow: /cart",
      "Disallow: /checkout",
      "",
    ].join("\n");
    expect(verdicts(text, ["GPTBot", "ClaudeBot", "PerplexityBot", "CCBot", "*"])).toEqual({
      GPTBot: "disallowed",
      ClaudeBot: "allowed",
      PerplexityBot: "partly",
      CCBot: "not_mentioned",
      "*": "partly",
    });
  });

  it("matches product tokens without case or version, and groups several User-agent lines", () => {
    const text = "user-agent: gptbot/1.2\nUSER-AGENT: ccbot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow:\n";
    expect(verdicts(text, ["GPTBot", "CCBot", "Google-Extended", "Bytespider"])).toEqual({
      GPTBot: "disallowed",
      CCBot: "disallowed",
      "Google-Extended": "allowed",
      Bytespider: "not_mentioned",
    });
  });

  it("judges `/` itself: a group allowing only the home page disallows some paths, one with Disallow: /* the whole site", () => {
    expect(verdicts("User-agent: GPTBot\nDisallow: /\nAllow: /$\n", ["GPTBot"]).GPTBot).toBe("partly");
    expect(verdicts("User-agent: GPTBot\nDisallow: /*\n", ["GPTBot"]).GPTBot).toBe("disallowed");
  });

  it("says not_mentioned for every crawler when there is no robots.txt, and survives odd or hostile files", () => {
    expect(verdicts(null, ["GPTBot", "*"])).toEqual({ GPTBot: "not_mentioned", "*": "not_mentioned" });
    expect(verdicts("\u0000\ufeff<html>not robots</html>\nDisallow: /", ["GPTBot"])).toEqual({ GPTBot: "not_mentioned" });
    expect(verdicts("User-agent: __proto__\nUser-agent: constructor\nDisallow: /\n", ["GPTBot"])).toEqual({ GPTBot: "not_mentioned" });
    // 512 KiB of groups naming crawlers we do not ask about, and one long line: read in one pass.
    const many = "User-agent: bot\nDisallow: /a*b*c*d*e*f\n".repeat(12_000) + "User-agent: GPTBot\nDisallow: /" + "x".repeat(40_000);
    const started = performance.now();
    expect(verdicts(many, ["GPTBot", "ClaudeBot"])).toEqual({ GPTBot: "partly", ClaudeBot: "not_mentioned" });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("readRobots", () => {
  it("reads the file; a 404 allows everything; a 5xx is unreachable, not allow-all", async () => {
    script.set("/robots.txt", text(200, "User-agent: *\nDisallow: /cart\n"));
    expect(await readRobots("shop.test", options)).toEqual({ status: "ok", text: "User-agent: *\nDisallow: /cart\n" });
    script.set("/robots.txt", text(404));
    expect(await readRobots("shop.test", options)).toEqual({ status: "missing", text: null });
    script.set("/robots.txt", text(503));
    expect(await readRobots("shop.test", options)).toMatchObject({ status: "unavailable", httpStatus: 503 });
  });
});

describe("fetchStore under a job's robots.txt", () => {
  it("does not request a disallowed path, and counts requests and refusals", async () => {
    script.set("/products.json", (res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
    script.set("/locked.json", text(423));
    const context = { robots: robotsPolicy({ status: "ok", text: "User-agent: *\nDisallow: /pages\n" }), stats: emptyCrawlStats() };
    const answers = await runWithCrawlContext(context, async () => [
      await fetchStore("shop.test", "/pages.json?limit=250&page=1", "json", options),
      await fetchStore("shop.test", "/products.json", "json", options),
      await fetchStore("shop.test", "/locked.json", "json", options),
    ]);
    expect(answers.map((a) => a.status)).toEqual(["disallowed", "ok", "blocked"]);
    expect(server.seen.map((r) => r.url)).toEqual(["/products.json", "/locked.json", "/locked.json"]);
    expect(context.stats).toMatchObject({ requests: 3, signed: 3, retries: 1, refusals: { "423": 2 } });
    expect(context.stats.robotsSkipped).toEqual([{ path: "/pages.json?limit=250&page=1", kind: "pages" }]);
  });

  it("stops a run of 423s after the block streak, not after all retries", async () => {
    script.set("/locked.json", text(423));
    const answer = await fetchStore("shop.test", "/locked.json", "json", { ...options, maxRetries: 10, maxBlockStreak: 3 });
    expect(answer).toMatchObject({ status: "blocked", httpStatus: 423 });
    expect(server.seen.length).toBe(3);
  });

  it("spaces requests by a Crawl-delay longer than the pacing", async () => {
    script.set("/products.json", (res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
    const context = { robots: robotsPolicy({ status: "ok", text: "User-agent: *\nCrawl-delay: 1\n" }), stats: emptyCrawlStats() };
    const started = performance.now();
    await runWithCrawlContext(context, async () => {
      await fetchStore("shop.test", "/products.json", "json", options);
      await fetchStore("shop.test", "/products.json", "json", options);
      await fetchStore("shop.test", "/products.json", "json", options);
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    expect(context.stats.requests).toBe(3);
  });
});
