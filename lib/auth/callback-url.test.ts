import { describe, expect, it } from "vitest";
import { safeCallbackPath, sameSiteRedirect } from "./callback-url";

describe("safeCallbackPath", () => {
  it.each([
    ["/dashboard/api-keys", "/dashboard/api-keys"],
    ["/stores?page=2", "/stores?page=2"],
    ["/?domain=mug-house.example", "/?domain=mug-house.example"],
    ["/stores/caf%C3%A9?q=a%20b", "/stores/caf%C3%A9?q=a%20b"],
    ["https://evil.example/", "/dashboard"],
    ["//evil.example/", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["", "/dashboard"],
    [undefined, "/dashboard"],
    [["/a", "/b"], "/dashboard"],
  ])("%j → %s", (input, expected) => {
    expect(safeCallbackPath(input)).toBe(expected);
  });

  // Each of these is a path to a browser's eye only until it parses it: it drops tab and
  // newline, reads "\" as "/", and a redirect layer may decode the percent forms first.
  it.each([
    "\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%252F/evil.example",
    "/%25252F/evil.example",
    "/dashboard\u0000",
    "/dashboard\u007f",
    "/dash%00board",
    "/%E0%A4%A",
    "http://localhost:3000/dashboard",
    "HTTPS://evil.example",
  ])("refuses %j", (input) => {
    expect(safeCallbackPath(input)).toBe("/dashboard");
  });

  it("refuses a value longer than any page of the site", () => {
    expect(safeCallbackPath(`/${"a".repeat(3000)}`)).toBe("/dashboard");
  });
});

describe("sameSiteRedirect (Auth.js's redirect callback)", () => {
  const baseUrl = "https://storelens.example";

  it.each([
    ["/dashboard", "https://storelens.example/dashboard"],
    ["https://storelens.example/stores?page=2", "https://storelens.example/stores?page=2"],
    ["https://storelens.example", "https://storelens.example/"],
    ["https://evil.example/", "https://storelens.example/"],
    ["https://storelens.example.evil.example/", "https://storelens.example/"],
    ["https://storelens.example@evil.example/", "https://storelens.example/"],
    ["https://storelens.example//evil.example", "https://storelens.example/"],
    ["https://storelens.example/\\evil.example", "https://storelens.example/"],
    ["https://storelens.example/%5Cevil.example", "https://storelens.example/"],
    ["//evil.example", "https://storelens.example/"],
    ["/\\evil.example", "https://storelens.example/"],
    ["/\t/evil.example", "https://storelens.example/"],
    ["/%09/evil.example", "https://storelens.example/"],
  ])("%j → %s", (url, expected) => {
    expect(sameSiteRedirect({ url, baseUrl })).toBe(expected);
  });
});
