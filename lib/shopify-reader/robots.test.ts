import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { startTestServer } from "@/testing/test-server";
import { emptyCrawlStats, runWithCrawlContext } from "./crawl-context";
import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { createPacer } from "./pacer";
import { MAX_ROBOTS_PATH_LENGTH } from "./robots-rules";
import { disallowedEssentials, MAX_CRAWL_DELAY_MS, namedGroups, readRobots, robotsPolicy } from "./robots";

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

describe("namedGroups: the groups robots.txt has for other crawlers", () => {
  it("tells the group's own facts: disallowing / and disallowing anything", () => {
    const groups = namedGroups({ status: "ok", text: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow:\n" }, [
      "GPTBot",
      "CCBot",
      "Amazonbot",
    ]);
    expect(groups).toEqual({
      GPTBot: { disallowsRoot: true, disallowsSome: true },
      CCBot: { disallowsRoot: false, disallowsSome: false },
      Amazonbot: null,
    });
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

  it.each([
    [401, "blocked"],
    [403, "blocked"],
    [423, "blocked"],
    [429, "rate_limited"],
  ])("reads a robots.txt answered %i as unreachable (%s), never as allow-all", async (code, status) => {
    script.set("/robots.txt", text(code));
    expect(await readRobots("shop.test", options)).toMatchObject({ status, httpStatus: code });
  });

  it.each([404, 410, 400])("reads a robots.txt answered %i as missing: no rules", async (code) => {
    script.set("/robots.txt", text(code));
    expect(await readRobots("shop.test", options)).toEqual({ status: "missing", text: null });
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

  it("refuses a path past the matcher's cap without a request, and reports only its start", async () => {
    const context = {
      robots: robotsPolicy({ status: "ok", text: `User-agent: *\nDisallow: /${"*".repeat(500_000)}Q\n` }),
      stats: emptyCrawlStats(),
    };
    const path = `/search?q=${"a".repeat(35_000)}`;
    const answer = await runWithCrawlContext(context, () => fetchStore("shop.test", path, "json", options));
    expect(answer).toMatchObject({ status: "disallowed" });
    expect(server.seen).toEqual([]);
    expect(context.stats.robotsSkipped).toHaveLength(1);
    expect(context.stats.robotsSkipped[0]!.path.length).toBeLessThanOrEqual(MAX_ROBOTS_PATH_LENGTH);
    expect(answer.status === "disallowed" && answer.message.length).toBeLessThan(300);
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
