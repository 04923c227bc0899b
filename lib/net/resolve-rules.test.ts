import { describe, expect, it } from "vitest";
import { findResolveRule, parseResolveRules } from "./resolve-rules";

describe("SHOP_RESOLVE rules", () => {
  const rules = parseResolveRules("*.test=http://127.0.0.1:4010, shop.example.com=https://10.0.0.5:8443");

  it("matches any subdomain for a wildcard pattern, not the bare suffix", () => {
    expect(findResolveRule("a.test", rules)?.origin.port).toBe("4010");
    expect(findResolveRule("Deep.Sub.TEST.", rules)?.origin.port).toBe("4010");
    expect(findResolveRule("test", rules)).toBeUndefined();
    expect(findResolveRule("atest", rules)).toBeUndefined();
    expect(findResolveRule("a.test.com", rules)).toBeUndefined();
  });

  it("matches exact names exactly", () => {
    expect(findResolveRule("shop.example.com", rules)?.origin.protocol).toBe("https:");
    expect(findResolveRule("www.shop.example.com", rules)).toBeUndefined();
  });

  it("parses an empty value to no rules and refuses malformed ones", () => {
    expect(parseResolveRules("")).toEqual([]);
    expect(() => parseResolveRules("nope")).toThrow();
    expect(() => parseResolveRules("*.test=ftp://x")).toThrow();
  });
});
