import { describe, expect, it } from "vitest";
import { hostileParserInputs as hostile } from "@/testing/hostile/parser-inputs";
import { parseStorefrontHtml } from "./parse-storefront-html";
import { collectAssignedLiterals, readAssignedValue, type ScanMeter } from "./script-literals";

// A store under an attacker's control can serve a 5 MB home page whose inline script is nothing
// but `Shopify.theme={` again and again. Reading a literal from each assignment to the end of
// the script is quadratic (hours at 5 MB); the scan must look at each character a bounded
// number of times. The work is counted in characters looked at, not timed.

const MB = 1_000_000;
/** Characters looked at per character of input, at most. */
const VISITS_PER_CHAR = 8;

function stepsFor(text: string): number {
  const meter: ScanMeter = { steps: 0 };
  collectAssignedLiterals(text, "Shopify.theme", meter);

  return meter.steps;
}

describe("reading Shopify.theme from a hostile script", () => {
  it.each([
    ["unclosed objects", hostile.themeAssignments(5 * MB)],
    ["unclosed arrays", "Shopify.theme=[".repeat((5 * MB) / 15)],
    ["nested objects that do close", `${"Shopify.theme={".repeat((2.5 * MB) / 15)}${"}".repeat((2.5 * MB) / 15)}`],
    ["unclosed objects holding strings", 'Shopify.theme={"'.repeat((5 * MB) / 16)],
    ["values with no end of statement", "Shopify.theme=1 ".repeat((5 * MB) / 16)],
  ])("looks at each character of 5 MB of %s a bounded number of times", (_name, text) => {
    expect(stepsFor(text)).toBeLessThanOrEqual(VISITS_PER_CHAR * text.length);
    expect(readAssignedValue([text], "Shopify.theme")).toBeUndefined();
  });

  it("does the same work per character at 1 MB and at 4 MB (no growth with the size)", () => {
    const small = hostile.themeAssignments(MB);
    const large = hostile.themeAssignments(4 * MB);

    expect(stepsFor(large) / large.length).toBeLessThanOrEqual(stepsFor(small) / small.length + 0.01);
  });

  it("parses a 5 MB home page of them: no theme, and the rest of the page is still read", () => {
    const html = `<html><head><title>Crafted</title></head><body><script>${hostile.themeAssignments(5 * MB)}</script></body></html>`;

    expect(parseStorefrontHtml(html)).toMatchObject({ theme: null, title: "Crafted", isShopify: false });
  });

  it("still reads the real assignment after one that does not decode", () => {
    const text = `Shopify.theme = Shopify.theme || {};\nShopify.theme = {"name":"Dawn","id":1,"theme_store_id":887};`;

    expect(readAssignedValue([text], "Shopify.theme")).toEqual({ name: "Dawn", id: 1, theme_store_id: 887 });
  });
});
