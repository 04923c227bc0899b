import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ThemeAppsSection } from "./theme-apps-section";

describe("ThemeAppsSection", () => {
  it("names an app learned from the App Store with its listing, an unknown proxy by its path and a ScriptTag by its host", () => {
    const html = renderToStaticMarkup(
      createElement(ThemeAppsSection, {
        theme: { basis: "observed", value: null },
        apps: {
          basis: "derived",
          value: [
            {
              slug: "acme-upsell-pro",
              name: "Acme Upsell Pro",
              category: "upsell",
              evidence: "BEGIN app block: shopify://apps/acme-upsell-pro/blocks/offer/1",
              source: "app-block",
              confidence: "high",
              app_store: { handle: "acme-upsell-pro", developer: "Acme Labs", rating: 4.7, review_count: 312 },
            },
          ],
        },
        unidentified: {
          basis: "derived",
          value: [
            {
              handle: null,
              api_client_id: null,
              proxy_path: "track-my-order",
              evidence: "/apps/track-my-order",
              source: "app-proxy",
              confidence: "medium",
            },
            {
              handle: null,
              api_client_id: null,
              script_host: "vd.kaktusapp.com",
              evidence: "https://vd.kaktusapp.com/storage/js/kaktus.js?shop=acme.myshopify.com",
              source: "script-tag",
              confidence: "high",
            },
          ],
        },
      }),
    );
    expect(html).toContain('href="/apps/acme-upsell-pro"');
    expect(html).toContain('href="https://apps.shopify.com/acme-upsell-pro"');
    expect(html).toContain("by Acme Labs, rated 4.7 of 5 (312 reviews)");
    expect(html).toContain("App proxy /apps/track-my-order");
    expect(html).toContain("Script from vd.kaktusapp.com");
  });
});
