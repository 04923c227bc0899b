import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarketsSection } from "./markets-section";
import { SocialsSection } from "./socials-section";

const finding = { evidence: "https://www.instagram.com/acme/", source: "anchor", confidence: "high" } as const;

describe("SocialsSection", () => {
  it("links each profile as the store's word, with the page it was seen on and how we know it", () => {
    const html = renderToStaticMarkup(
      createElement(SocialsSection, {
        socials: {
          basis: "observed",
          value: {
            profiles: [{ network: "instagram", url: "https://www.instagram.com/acme/", handle: "acme", seen_on: "/", ...finding }],
            emails: [{ address: "hi@acme.com", seen_on: "/pages/contact", ...finding, evidence: "mailto:hi@acme.com" }],
            phones: [],
          },
        },
      }),
    );
    expect(html).toContain('href="https://www.instagram.com/acme/" rel="nofollow noopener noreferrer"');
    expect(html).toContain("seen on home page");
    expect(html).toContain("seen on /pages/contact");
    expect(html).toContain("<details");
    expect(html).toContain("High confidence");
  });

  it("shows nothing for a report built before socials were read", () => {
    expect(renderToStaticMarkup(createElement(SocialsSection, { socials: undefined }))).toBe("");
  });
});

describe("MarketsSection", () => {
  it("names the languages with their codes beside the countries the store ships to", () => {
    const html = renderToStaticMarkup(
      createElement(MarketsSection, {
        markets: {
          basis: "observed",
          value: {
            languages: [
              { code: "x-default", url: "https://acme.com/" },
              { code: "fr-CA", url: "https://acme.com/fr" },
            ],
            language_count: 5,
            locale: "en",
            visitor_country: "PK",
            presentment_currency: "USD",
          },
        },
        shipsTo: { basis: "observed", value: ["CA", "US"] },
      }),
    );
    expect(html).toContain("Canadian French (fr-CA)");
    expect(html).toContain("and 3 more");
    expect(html).toContain("Pakistan");
    expect(html).toContain("Canada, United States");
  });
});
