import { describe, expect, it } from "vitest";
import { parseStoreJson, withoutNulCharacters } from "./store-text";

describe("parseStoreJson", () => {
  it("drops NUL characters a store sends as \\u0000, anywhere in the document", () => {
    const body = JSON.stringify({ products: [{ title: "a\u0000b", tags: ["\u0000x\u0000"], "k\u0000": 1 }] });
    expect(body).toContain("\\u0000");
    expect(parseStoreJson(body)).toEqual({ products: [{ title: "ab", tags: ["x"], k: 1 }] });
  });

  it("keeps an escaped backslash followed by the text u0000, and other escapes", () => {
    const text = "C:\\u0000 \\\\u0000 \u00e9 \n";
    expect(parseStoreJson(JSON.stringify({ text }))).toEqual({ text });
    expect(parseStoreJson(JSON.stringify({ text: `\\\u0000` }))).toEqual({ text: "\\" });
  });

  it("still refuses what is not JSON", () => {
    expect(() => parseStoreJson("<html>\\u0000</html>")).toThrow(SyntaxError);
  });
});

describe("withoutNulCharacters", () => {
  it("drops raw NUL characters from markup and leaves everything else", () => {
    expect(withoutNulCharacters("<title>Shop\0 name</title>\0")).toBe("<title>Shop name</title>");
    expect(withoutNulCharacters("<p>\\u0000 é</p>")).toBe("<p>\\u0000 é</p>");
  });
});
