import { describe, expect, it } from "vitest";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { parseStorefrontHtml } from "./parse-storefront-html";
import { themeFinding } from "./theme-finding";

describe("themeFinding", () => {
  it("names the Shopify.theme fields the theme was read from, with high confidence", () => {
    const theme = parseStorefrontHtml(
      buildDawnStorefrontHtml({
        themeJson: '{"name":"Dawn","id":123,"schema_name":"Dawn","schema_version":"15.0.0","theme_store_id":887,"role":"main"}',
      }),
    ).theme;
    expect(theme && themeFinding(theme)).toEqual({
      evidence: 'Shopify.theme: name "Dawn", schema_name "Dawn", theme_store_id 887, id 123',
      source: "globals",
      confidence: "high",
    });
  });

  it("is medium when only the Theme Store id names the theme, and stays within 160 characters", () => {
    const theme = parseStorefrontHtml(buildDawnStorefrontHtml({ themeJson: `{"id":5,"theme_store_id":887}` })).theme;
    expect(theme && themeFinding(theme)).toMatchObject({ confidence: "medium", evidence: "Shopify.theme: theme_store_id 887, id 5" });
    const long = parseStorefrontHtml(buildDawnStorefrontHtml({ themeJson: `{"name":"${"x".repeat(400)}","id":1}` })).theme;
    expect(long && themeFinding(long).evidence.length).toBeLessThanOrEqual(160);
  });
});
