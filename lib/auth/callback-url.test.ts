import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it.each([
    ["/dashboard/api-keys", "/dashboard/api-keys"],
    ["/stores?page=2", "/stores?page=2"],
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
});
