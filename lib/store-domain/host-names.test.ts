import { describe, expect, it } from "vitest";
import { slugForDomain } from "./host-names";
import { normalizeDomain } from "./normalize-domain";

describe("normalizeDomain", () => {
  it.each([
    ["allbirds.com", "allbirds.com"],
    ["https://www.Allbirds.com/collections/all?x=1#top", "www.allbirds.com"],
    ["  HTTP://Shop.Example.com:443/  ", "shop.example.com"],
    ["shop.example.com.", "shop.example.com"],
    ["//cdn.shop.example.co.uk/path", "cdn.shop.example.co.uk"],
    ["münchen.de", "xn--mnchen-3ya.de"],
    ["demo-store.test", "demo-store.test"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it.each([
    "",
    "   ",
    "localhost",
    "127.0.0.1",
    "http://10.0.0.1/",
    "[::1]",
    "user@shop.com",
    "shop..com",
    "-shop.com",
    "shop-.com",
    "sh_op.com",
    "shop.123",
    `${"a".repeat(64)}.com`,
    `${"abcdefghij.".repeat(25)}com`,
  ])("rejects %j", (input) => {
    expect(normalizeDomain(input).ok).toBe(false);
  });
});

describe("slugForDomain", () => {
  it("drops www., lower-cases and turns dots into dashes", () => {
    expect(slugForDomain("www.Allbirds.com")).toBe("allbirds-com");
    expect(slugForDomain("shop.example.co.uk")).toBe("shop-example-co-uk");
    expect(slugForDomain("wwwshop.com")).toBe("wwwshop-com");
  });
});
