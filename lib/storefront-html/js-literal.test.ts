import { describe, expect, it } from "vitest";
import { JsLiteralError, MAX_LITERAL_DEPTH, parseJsLiteral } from "./js-literal";
import { parseStorefrontHtml } from "./parse-storefront-html";
import { readAssignedValue, readBoundValue, type ScanMeter } from "./script-literals";
import { readWebPixels } from "./web-pixels";

describe("parseJsLiteral", () => {
  it("reads an object written by hand: unquoted keys, single quotes, trailing commas, comments", () => {
    const text = `{
      name: "Debonair Tea 2021", // the merchant's copy
      'id': 123,
      role: 'main',
      /* not published */ theme_store_id: null,
      tags: ['a', "b", \`c\`,],
      $extra: { nested_1: -1.5e2, hex: 0x1F, flag: true, gone: undefined, },
    }`;

    expect(parseJsLiteral(text)).toEqual({
      name: "Debonair Tea 2021",
      id: 123,
      role: "main",
      theme_store_id: null,
      tags: ["a", "b", "c"],
      $extra: { nested_1: -150, hex: 31, flag: true },
    });
  });

  it("decodes the escapes of JavaScript strings", () => {
    expect(parseJsLiteral(String.raw`'it\'s \"x\" \x41\u0042\u{1F600} a\\b\/c\n'`)).toBe(`it's "x" AB\u{1F600} a\\b/c\n`);
    expect(parseJsLiteral("'one \\\ntwo'")).toBe("one two");
  });

  it("keeps a __proto__ key as a plain property, as JSON.parse does", () => {
    const value = parseJsLiteral("{ __proto__: { polluted: true }, a: 1 }") as Record<string, unknown>;

    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
  });

  it.each([
    ["a reference", "Shopify.theme || {}"],
    ["a call", "{ name: getName() }"],
    ["a reference inside", "{ name: theme_name }"],
    ["a template with a placeholder", "{ name: `${x}` }"],
    ["a string across lines", "{ name: 'a\nb' }"],
    ["two values", "{} {}"],
    ["a missing comma", "{ a: 1 b: 2 }"],
    ["a bad number", "{ a: 1.2.3 }"],
    ["an unclosed string", "{ a: 'x }"],
    ["an unclosed comment", "{ a: 1 /* }"],
    ["a bad escape", String.raw`'\u12'`],
  ])("refuses %s", (_name, text) => {
    expect(() => parseJsLiteral(text)).toThrow(JsLiteralError);
  });
});

describe("theme and app globals written as JavaScript", () => {
  it("reads Shopify.theme written with unquoted keys, as some themes print it", () => {
    const html = `<html><head><script>
      var Shopify = Shopify || {};
      Shopify.shop = 'debonair-tea.myshopify.com';
      Shopify.theme = Shopify.theme || {};
      Shopify.theme = { name: "Debonair Tea 2021", id: 120123456789, theme_store_id: 887, role: 'main', };
    </script></head><body></body></html>`;

    expect(parseStorefrontHtml(html)).toMatchObject({
      shop: "debonair-tea.myshopify.com",
      theme: { name: "Debonair Tea 2021", id: 120123456789, themeStoreId: 887, themeStoreName: "Dawn", role: "main" },
    });
  });

  it("reads JSON and JavaScript alike for the other globals (web pixels, trekkie)", () => {
    const pixels = `var x = { webPixelsConfigList: [{ id: "123", type: 'APP', apiClientId: 4567, configuration: '{"a":1}', },], };`;

    expect(readWebPixels([pixels])).toEqual([
      { id: "123", type: "APP", apiClientId: 4567, name: null, configuration: { a: 1 }, shopifyOwn: false },
    ]);
    expect(readBoundValue(["trekkie.load({ Trekkie: { defaultAttributes: { shopId: 42 } } });"], "trekkie.load", "(")).toEqual({
      Trekkie: { defaultAttributes: { shopId: 42 } },
    });
  });
});

describe("JavaScript literals from a hostile script", () => {
  const MB = 1_000_000;
  /** Characters looked at per character of input, at most (the scanner's, then the parser's). */
  const VISITS_PER_CHAR = 8;

  function stepsFor(text: string): number {
    const meter: ScanMeter = { steps: 0 };
    try {
      parseJsLiteral(text, meter);
    } catch (error) {
      if (!(error instanceof JsLiteralError)) throw error;
    }

    return meter.steps;
  }

  it.each([
    ["a 5 MB object of unquoted keys", `{${"k: 'v', ".repeat((5 * MB) / 9)}}`],
    ["a 5 MB string of escapes", `'${"\\u0041".repeat((5 * MB) / 6)}'`],
    ["a 5 MB comment", `{ /*${"*".repeat(5 * MB)} */ }`],
    ["5 MB of line comments", `{${"//\n".repeat((5 * MB) / 3)}}`],
  ])("reads %s looking at each character a bounded number of times", (_name, text) => {
    expect(stepsFor(text)).toBeLessThanOrEqual(VISITS_PER_CHAR * text.length);
  });

  it("refuses nesting past the cap without exhausting the stack", () => {
    const deep = `${"{a:".repeat(MB)}1${"}".repeat(MB)}`;

    expect(() => parseJsLiteral(deep)).toThrow(/nested too deeply/);
    const fits = `${"{a:".repeat(MAX_LITERAL_DEPTH)}1${"}".repeat(MAX_LITERAL_DEPTH)}`;
    expect(parseJsLiteral(fits)).toBeTypeOf("object");
  });

  it("reads the theme after a 5 MB assignment that is not a literal", () => {
    const junk = `Shopify.theme = { name: ${"x".repeat(5 * MB)} };`;
    const text = `${junk}\nShopify.theme = { name: 'Dawn', id: 1 };`;

    expect(readAssignedValue([text], "Shopify.theme")).toEqual({ name: "Dawn", id: 1 });
  });
});
