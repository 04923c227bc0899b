import { describe, expect, it } from "vitest";
import { hostileParserInputs as hostile } from "@/testing/hostile/parser-inputs";
import { isPasswordPage } from "./classify-answer";
import { htmlToText } from "./html-text";
import { readLocs } from "./sitemap";

// Crafted 1–5 MB bodies a store under an attacker's control can serve. Each took minutes to
// hours with the old regex parsers (cubic or quadratic); a linear pass answers at once. How
// the work grows with the size is measured by `npm run bench:parsers` (printed ratios).

const MB = 1_000_000;

describe("parsers on hostile input", () => {
  it("reads sitemap locs past a <loc> of megabytes of spaces", () => {
    expect(readLocs(hostile.sitemapSpaces(2 * MB))).toEqual([]);
    expect(readLocs(`<urlset><url><loc>\n  ${" ".repeat(MB)}https://a.test/products/x  </loc></url></urlset>`)).toEqual([
      "https://a.test/products/x",
    ]);
    expect(readLocs(hostile.sitemapOpenLocs(2 * MB))).toEqual([]);
  });

  it("still decodes entities in locs", () => {
    expect(readLocs("<urlset><url><loc>https://a.test/sitemap_products_1.xml?from=1&amp;to=2</loc></url></urlset>")).toEqual([
      "https://a.test/sitemap_products_1.xml?from=1&to=2",
    ]);
  });

  it("turns crafted HTML into text in one pass", () => {
    expect(htmlToText(hostile.htmlScripts(5 * MB), 100)).toBe("");
    expect(htmlToText(hostile.htmlOpenBrackets(5 * MB), 100)).toMatch(/^text/);
    expect(htmlToText(hostile.htmlComments(5 * MB), 100)).toBe("");
    expect(htmlToText(`${hostile.htmlOpenElements(5 * MB)}deep`, 100)).toBe("");
  });

  it("caps a description's input: text past the cap is never parsed", () => {
    const text = htmlToText(`<p>${"a ".repeat(2 * MB)}</p><p>tail-marker</p>`, 10_000_000);

    expect(text).not.toContain("tail-marker");
  });

  it("recognizes the password page, and does not choke on a page of unclosed <form", () => {
    expect(isPasswordPage(hostile.passwordForms(5 * MB))).toBe(false);
    expect(isPasswordPage('<html><body><form method="post" action="/password">')).toBe(true);
    expect(isPasswordPage('<form action="https://shop.test/password" method="post">')).toBe(true);
    expect(isPasswordPage('<form action="/cart" method="post">')).toBe(false);
    expect(isPasswordPage('<body class="template-password">')).toBe(true);
  });
});
