// What counts as text to store: no NUL, no lone surrogate, and in a URL no percent-escape that
// decodes to either or to bytes that are not UTF-8. Found at any depth of a parsed body, in
// time and memory linear in its size.
import { describe, expect, it } from "vitest";
import { findUnstorableParam, findUnstorableQuery, findUnstorableText, percentEscapeProblem } from "./storable-text";

describe("findUnstorableText", () => {
  it("finds a NUL or a lone surrogate in any string or field name, and names where", () => {
    expect(findUnstorableText({ a: [1, { b: "x\u0000" }] }, "body")).toMatchObject({ path: "body.a.1.b" });
    expect(findUnstorableText({ a: "\uDBFF" }, "body")).toMatchObject({ path: "body.a" });
    expect(findUnstorableText({ a: { "k\u0000": 1 } }, "body")).toMatchObject({ path: "body.a" });
    expect(findUnstorableText("\uDC00", "body")).toMatchObject({ path: "body" });
  });

  it("passes well-formed text, surrogate pairs included, and values that are not text", () => {
    expect(findUnstorableText({ a: ["Café 🚀", 1, null, true, { b: "%00" }] }, "body")).toBeNull();
  });

  it("walks a body nested as deep as 1 MB allows, and shortens the path it reports", () => {
    const depth = 499_990;
    const issue = findUnstorableText(JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`), "body");
    expect(issue?.message).toMatch(/NUL/);
    expect(issue!.path.length).toBeLessThan(200);
  });
});

describe("percent-escapes", () => {
  it("refuses escapes that decode to NUL or are not UTF-8", () => {
    for (const raw of ["%00", "a%00", "%C0%80", "%C3%28", "%FF", "%ED%A0%80", "%E0%A4%A", "%F0%9F%98"])
      expect(percentEscapeProblem(raw), raw).not.toBeNull();
  });

  it("passes UTF-8 escapes, and a % that starts no escape", () => {
    for (const raw of ["", "plain", "caf%C3%A9", "%F0%9F%9A%80", "100%", "%zz", "%25", "%2500"])
      expect(percentEscapeProblem(raw), raw).toBeNull();
  });

  it("checks every name and value of a raw query string, and every path parameter", () => {
    expect(findUnstorableQuery("?a=1&b=%FF")).toMatchObject({ path: "query.b" });
    expect(findUnstorableQuery("?%00=1")).toMatchObject({ path: "query" });
    expect(findUnstorableQuery("?a=1&b=caf%C3%A9&c")).toBeNull();
    expect(findUnstorableParam({ slug: "ok", rest: ["a", "b%00"] })).toMatchObject({ path: "params.rest" });
    expect(findUnstorableParam({ slug: "caf%C3%A9", id: undefined })).toBeNull();
  });
});
