// Outside text is cut to a fixed number of characters with an ellipsis, and the cut never
// leaves half of a character that takes two UTF-16 units (emoji, rare CJK).
import { describe, expect, it } from "vitest";
import { boundText } from "./bound-text";

describe("boundText", () => {
  it("returns text within the bound unchanged", () => {
    expect(boundText("", 10)).toBe("");
    expect(boundText("text/html", 9)).toBe("text/html");
  });

  it("cuts longer text to exactly the bound, ending with an ellipsis", () => {
    const cut = boundText(`text/html; ${"x".repeat(12_000)}`, 40);
    expect(cut).toHaveLength(40);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.startsWith("text/html; xxx")).toBe(true);
  });

  it("never splits a surrogate pair at the cut", () => {
    const text = `ab${"😀".repeat(10)}`;
    for (let max = 1; max < text.length; max += 1) {
      const cut = boundText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.endsWith("…")).toBe(true);
      expect(cut.isWellFormed()).toBe(true);
      expect([...cut.slice(0, -1)].every((char) => char === "a" || char === "b" || char === "😀")).toBe(true);
    }
  });

  it("gives nothing for a bound below one character", () => {
    expect(boundText("abc", 0)).toBe("");
  });
});
