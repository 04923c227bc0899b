import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Marketing } from "@/lib/marketing/schemas";
import { MarketingSection } from "./marketing-section";

const marketing: Marketing = {
  tags: [
    {
      kind: "google-analytics-4",
      name: "Google Analytics 4",
      id: "G-RJFJGM7P5E",
      evidence: "web pixel 529891543 (Google & YouTube app 1780363) pixel_id G-RJFJGM7P5E",
      source: "web-pixel",
      confidence: "high",
    },
    {
      kind: "utmify",
      name: "Utmify",
      id: null,
      evidence: "https://cdn.utmify.com.br/scripts/utms/latest.js",
      source: "script",
      confidence: "medium",
    },
  ],
  custom_pixels: { count: 3, names: ["Convert", "Outbrain"] },
};

const render = (value: Marketing | undefined) =>
  renderToStaticMarkup(createElement(MarketingSection, { marketing: value === undefined ? undefined : { value, basis: "observed" } }));

describe("MarketingSection", () => {
  it("lists each tag with its id, its evidence in a disclosure, and the custom pixels", () => {
    const html = render(marketing);

    expect(html).toContain('id="marketing"');
    expect(html).toMatch(
      /<details[^>]*><summary[^>]*>.*Google Analytics 4.*G-RJFJGM7P5E.*How we know.*<\/summary>.*Shopify&#x27;s list of web pixels.*pixel_id G-RJFJGM7P5E.*Certain/,
    );
    expect(html).toContain("id not shown");
    expect(html).toContain("Custom pixels (3)");
    expect(html).toContain("Outbrain");
    expect(html).toContain("1 without a name.");
  });

  it("says a report from before tags were read has none to show, rather than that the store has none", () => {
    expect(render(undefined)).toContain("Not read for this report");
    expect(render({ tags: [], custom_pixels: { count: 0, names: [] } })).toContain("No marketing or analytics tags were found");
  });
});
