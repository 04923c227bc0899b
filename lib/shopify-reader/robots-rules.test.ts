import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";
import { hostileRobots } from "@/testing/hostile/robots-inputs";
import { MAX_ROBOTS_PATH_LENGTH, MAX_RULE_LENGTH, MAX_WILDCARD_RULES, parseRobotsTxt } from "./robots-rules";

const groupOf = (text: string, token = "StoreLensBot") => {
  const robots = parseRobotsTxt(text);

  return robots.group(token) ?? robots.group("*");
};
const allowed = (text: string, path: string) => groupOf(text)?.verdict(path).allowed ?? true;

describe("parseRobotsTxt: RFC 9309 semantics", () => {
  it("lets the longest match win, and Allow win a tie", () => {
    const text = "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /a/b/c\nAllow: /x\nDisallow: /x\n";
    expect(allowed(text, "/a")).toBe(false);
    expect(allowed(text, "/a/b")).toBe(true);
    expect(allowed(text, "/a/b/c")).toBe(false);
    expect(allowed(text, "/x")).toBe(true);
    expect(allowed(text, "/elsewhere")).toBe(true);
  });

  it("reads * as any run and a final $ as the end of the path (query included)", () => {
    const text = "User-agent: *\nDisallow: /*.json$\nDisallow: /c/*sort_by*\nDisallow: /a$b\n";
    expect(allowed(text, "/products.json")).toBe(false);
    expect(allowed(text, "/products.json?page=2")).toBe(true);
    expect(allowed(text, "/c/all?sort_by=price")).toBe(false);
    expect(allowed(text, "/c/all")).toBe(true);
    expect(allowed(text, "/a$b")).toBe(false);
    expect(allowed(text, "/ab")).toBe(true);
  });

  it("compares paths and rules percent-encoding-normalized", () => {
    const text = "User-agent: *\nDisallow: /caf%c3%a9\nDisallow: /%7Euser\nDisallow: /ø\n";
    expect(allowed(text, "/café")).toBe(false);
    expect(allowed(text, "/caf%C3%A9/x")).toBe(false);
    expect(allowed(text, "/~user")).toBe(false);
    expect(allowed(text, "/%C3%B8")).toBe(false);
    expect(allowed(text, "/cafe")).toBe(true);
  });

  it("picks the group naming our product token (any case, version cut), merges its groups, else *", () => {
    const text = [
      "User-agent: *",
      "Disallow: /",
      "Crawl-delay: 9",
      "",
      "User-agent: storelensbot/2.0",
      "Disallow: /pages",
      "",
      "User-agent: OtherBot",
      "User-agent: StoreLensBot",
      "Disallow: /blogs",
      "Crawl-delay: 2",
    ].join("\n");
    const ours = groupOf(text)!;
    expect(ours.verdict("/pages.json").allowed).toBe(false);
    expect(ours.verdict("/blogs/news").allowed).toBe(false);
    expect(ours.verdict("/products.json").allowed).toBe(true);
    expect(ours.crawlDelay).toBe(2);
    expect(groupOf(text, "NobodyBot")!.verdict("/products.json").allowed).toBe(false);
    expect(groupOf(text, "NobodyBot")!.crawlDelay).toBe(9);
    expect(parseRobotsTxt("Disallow: /\nUser-agent: OtherBot\nDisallow: /x\n").group("*")).toBeNull();
  });

  it("agrees with robots-parser (the parser it replaces) on random rules and paths", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;

      return seed % n;
    };
    const word = (alphabet: string, max: number) =>
      Array.from({ length: 1 + random(max) }, () => alphabet[random(alphabet.length)]).join("");
    for (let round = 0; round < 300; round += 1) {
      const rules = Array.from({ length: 1 + random(4) }, () => {
        const pattern = `${random(3) === 0 ? "*" : "/"}${word("ab/*.", 6)}${random(4) === 0 ? "$" : ""}`;

        return `${random(2) === 0 ? "Allow" : "Disallow"}: ${pattern}`;
      });
      const text = `User-agent: *\n${rules.join("\n")}\n`;
      const theirs = robotsParser("https://robots.invalid/robots.txt", text);
      for (let i = 0; i < 8; i += 1) {
        const path = `/${word("ab/.?=", 8)}`;
        expect(allowed(text, path), `${text}${path}`).toBe(theirs.isAllowed(`https://robots.invalid${path}`, "StoreLensBot") !== false);
      }
    }
  });
});

describe("parseRobotsTxt: bounded whatever the store writes", () => {
  it("answers the crafted file (Disallow: / + 500,000 * + Q) for a 35,000-character path without matching it", () => {
    const group = groupOf(hostileRobots.starRun(500_000))!;
    expect(group.verdict(hostileRobots.longPath(35_000))).toEqual({ allowed: false, steps: 0 });
    // The same rule against the longest path matched: `**…*` is one `*`, each character read at most twice.
    const longest = `/s?q=${"a".repeat(MAX_ROBOTS_PATH_LENGTH - 6)}Q`;
    const atCap = group.verdict(longest);
    expect(atCap.allowed).toBe(false);
    expect(atCap.steps).toBeLessThanOrEqual(2 * MAX_ROBOTS_PATH_LENGTH);
    expect(group.verdict("/products.json").allowed).toBe(true);
  });

  it("reads each path character at most twice per wildcard rule, however the pieces repeat", () => {
    // KMP's worst case for a naive search: `aaaa…b` looked for in `aaaa…a`.
    const text = hostileRobots.repeatingPieces(MAX_WILDCARD_RULES, 1000);
    const path = `/${"a".repeat(MAX_ROBOTS_PATH_LENGTH - 1)}`;
    const { allowed: ok, steps } = groupOf(text)!.verdict(path);
    expect(ok).toBe(true);
    expect(steps).toBeLessThanOrEqual(MAX_WILDCARD_RULES * (2 * MAX_ROBOTS_PATH_LENGTH + 1));
    expect(steps).toBeGreaterThan(MAX_WILDCARD_RULES * MAX_ROBOTS_PATH_LENGTH);
  });

  it("narrows rules past the caps the safe way: a Disallow keeps its literal start, an Allow is dropped", () => {
    const wildcards = Array.from({ length: MAX_WILDCARD_RULES }, (_, i) => `Disallow: /w${i}*x`).join("\n");
    const text = [
      "User-agent: *",
      wildcards,
      "Disallow: /late*never-matched",
      "Allow: /late/open*",
      `Disallow: /long/${"x".repeat(MAX_RULE_LENGTH)}`,
      `Allow: /open/${"y".repeat(MAX_RULE_LENGTH)}`,
      "Disallow: /open",
    ].join("\n");
    const group = groupOf(text)!;
    // Past the wildcard budget: the Disallow now covers all of /late, the Allow is gone.
    expect(group.verdict("/late/open/page").allowed).toBe(false);
    // Longer than a rule may be: the Disallow cut to its first MAX_RULE_LENGTH characters.
    expect(group.verdict(`/long/${"x".repeat(MAX_RULE_LENGTH - 6)}`).allowed).toBe(false);
    expect(group.verdict(`/open/${"y".repeat(MAX_RULE_LENGTH - 10)}`).allowed).toBe(false);
    expect(group.rules.length).toBe(MAX_WILDCARD_RULES + 3);
  });

  it("disallows a path past the cap without reading it", () => {
    const group = groupOf("User-agent: *\nAllow: /\n")!;
    expect(group.verdict(`/${"a".repeat(MAX_ROBOTS_PATH_LENGTH - 1)}`).allowed).toBe(true);
    expect(group.verdict(`/${"a".repeat(MAX_ROBOTS_PATH_LENGTH)}`)).toEqual({ allowed: false, steps: 0 });
    // Encoding can lengthen a path: the cap holds after it too.
    expect(group.verdict(`/${"é".repeat(MAX_ROBOTS_PATH_LENGTH / 2)}`)).toEqual({ allowed: false, steps: 0 });
  });

  it("stores a rule once for many agents sharing it", () => {
    const agents = Array.from({ length: 20_000 }, (_, i) => `User-agent: bot${i}`).join("\n");
    const robots = parseRobotsTxt(`${agents}\n${"Disallow: /x\n".repeat(20_000)}`);
    expect(robots.group("bot19999")!.rules.length).toBe(20_000);
    expect(robots.group("bot0")!.verdict("/x").allowed).toBe(false);
  });
});
