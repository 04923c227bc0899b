import { describe, expect, it } from "vitest";
import { namedGroups } from "@/lib/shopify-reader/robots";
import { crawlerVerdict } from "./ai-crawlers";

describe("crawlerVerdict: what robots.txt tells an AI crawler, read with our robots parser", () => {
  const verdicts = (text: string | null, tokens: string[]) => {
    const groups = namedGroups(text === null ? { status: "missing", text: null } : { status: "ok", text }, tokens);

    return Object.fromEntries(tokens.map((token) => [token, crawlerVerdict(groups[token]!)]));
  };

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
    expect(verdicts(many, ["GPTBot", "ClaudeBot"])).toEqual({ GPTBot: "partly", ClaudeBot: "not_mentioned" });
  });
});
