import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { addScores } from "@/testing/real-storefronts/score";
import { scoreLanguages } from "@/testing/real-storefronts/score-languages";
import { realStorefronts } from "@/testing/real-storefronts/truth";
import { readMarkets } from "./read-markets";

const read = (html: string) => readMarkets(readPageSignals(loadHtml(html)));

describe("readMarkets", () => {
  it("lists hreflang alternates (x-default included) once each, and the Shopify globals of the visit", () => {
    const markets = read(`<head>
      <link rel="alternate" hreflang="x-default" href="https://acme.com/">
      <link rel="alternate" hreflang ="en-US" href="https://acme.com/">
      <link rel="alternate" hreflang="fr" href="https://acme.com/fr">
      <link rel="alternate" hreflang="EN-us" href="https://acme.com/again">
      <link rel="canonical" hreflang="de" href="https://acme.com/">
      <link rel="alternate" hreflang="not a tag!" href="https://acme.com/x">
      <script>
        Shopify.locale = "fr";
        Shopify.country = 'CA';
        Shopify.currency = {
          "active": "CAD",
          "rate": "1.36"
        };
      </script></head>`);
    expect(markets).toEqual({
      languages: [
        { code: "x-default", url: "https://acme.com/" },
        { code: "en-US", url: "https://acme.com/" },
        { code: "fr", url: "https://acme.com/fr" },
      ],
      language_count: 3,
      locale: "fr",
      visitor_country: "CA",
      presentment_currency: "CAD",
    });
  });

  it("says nothing it cannot read", () => {
    expect(read("<p>no globals</p>")).toEqual({
      languages: [],
      language_count: 0,
      locale: null,
      visitor_country: null,
      presentment_currency: null,
    });
  });

  it("lists at most 100 of 10,000 alternates and counts the distinct ones", () => {
    const links = Array.from({ length: 10_000 }, (_, i) => `<link rel="alternate" hreflang="en-${i}" href="https://acme.com/${i}">`).join(
      "",
    );
    const markets = read(`<head>${links}</head>`);
    expect(markets.languages).toHaveLength(100);
    // The page walk keeps its first 5,000 links.
    expect(markets.language_count).toBe(5_000);
  });
});

describe("readMarkets on the captured storefronts", () => {
  const pages = realStorefronts().map(({ truth, html, domain }) => ({ truth, domain, markets: read(html) }));

  it("finds at least 90 % of the hreflang languages the truth lists, and no other", () => {
    const total = addScores(pages.map(({ truth, domain, markets }) => ({ page: domain, ...scoreLanguages(truth, markets) })));
    expect(total.expected).toBe(18);
    expect({ share: total.share >= 0.9, missed: total.missed, extra: total.extra }).toEqual({ share: true, missed: [], extra: [] });
  });

  it("reads locale, visitor country and presentment currency as the truth gives them", () => {
    for (const { truth, domain, markets } of pages)
      expect({ domain, locale: markets.locale, country: markets.visitor_country, currency: markets.presentment_currency }).toEqual({
        domain,
        locale: truth.locale,
        country: truth.country,
        currency: truth.currency,
      });
  });
});
