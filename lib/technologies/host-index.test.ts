import { describe, expect, it } from "vitest";
import { buildHostIndex, matchUrl, splitUrl } from "./host-index";

const index = buildHostIndex([
  { pattern: "cdn.judge.me", owner: "judge-me" },
  { pattern: "klarnaservices.com/lib.js", owner: "klarna-lib" },
  { pattern: "klarnaservices.com", owner: "klarna" },
  { pattern: "cdnjs.cloudflare.com/ajax/libs/video.js/", owner: "videojs" },
]);

describe("splitUrl", () => {
  it("reads scheme-relative, ported and credentialed URLs, lower-case", () => {
    expect(splitUrl("//CDN.Judge.me/widget.js")).toEqual({ host: "cdn.judge.me", path: "/widget.js" });
    expect(splitUrl("https://user@cdn.judge.me:443?x=1")).toEqual({ host: "cdn.judge.me", path: "/?x=1" });
    expect(splitUrl("/cdn/shop/t/1/assets/app.js")).toBeNull();
    expect(splitUrl("javascript:void(0)")).toBeNull();
  });
});

describe("matchUrl", () => {
  it("matches the host and its subdomains, never a host that only ends the same way", () => {
    expect(matchUrl(index, "https://cdn.judge.me/widget.js")?.owner).toBe("judge-me");
    expect(matchUrl(index, "https://eu.cdn.judge.me/widget.js")?.owner).toBe("judge-me");
    expect(matchUrl(index, "https://a.b.c.d.e.f.g.h.i.cdn.judge.me/widget.js")?.owner).toBe("judge-me");
    expect(matchUrl(index, "https://notcdn.judge.me/widget.js")).toBeNull();
    expect(matchUrl(index, "https://cdn.judge.me.evil.test/widget.js")).toBeNull();
    expect(matchUrl(index, "https://example.test/?u=https://cdn.judge.me/")).toBeNull();
  });

  it("takes the most specific path of a host, and needs the path where a pattern has one", () => {
    expect(matchUrl(index, "https://x.klarnaservices.com/lib.js?id=1")).toEqual({
      owner: "klarna-lib",
      pattern: "klarnaservices.com/lib.js",
    });
    expect(matchUrl(index, "https://x.klarnaservices.com/other.js")?.owner).toBe("klarna");
    expect(matchUrl(index, "https://cdnjs.cloudflare.com/ajax/libs/jquery/3.7.1/jquery.min.js")).toBeNull();
    expect(matchUrl(index, "https://cdnjs.cloudflare.com/ajax/libs/video.js/8.0.0/video.min.js")?.owner).toBe("videojs");
  });

  it("stays fast on hostile URLs (a host of thousands of labels, a megabyte of path)", () => {
    const labels = `https://${"a.".repeat(5_000)}cdn.judge.me/`;
    const path = `https://cdn.judge.me/${"x/".repeat(500_000)}`;
    const started = performance.now();
    for (let i = 0; i < 1_000; i++) {
      expect(matchUrl(index, labels)).toBeNull(); // cut at 2,048 characters: the host is all "a" labels
      expect(matchUrl(index, path)?.owner).toBe("judge-me");
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
