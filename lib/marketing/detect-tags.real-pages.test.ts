import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { addScores } from "@/testing/real-storefronts/score";
import { scoreTags } from "@/testing/real-storefronts/score-tags";
import { realStorefronts } from "@/testing/real-storefronts/truth";
import { detectMarketing } from "./detect-tags";

describe("detectMarketing on the 16 captured storefronts", () => {
  const pages = realStorefronts().map(({ truth, html, domain }) => ({ truth, domain, marketing: detectMarketing(loadHtml(html)) }));
  const total = addScores(pages.map(({ truth, domain, marketing }) => ({ page: domain, ...scoreTags(truth, marketing) })));

  it("finds at least 90 % of the tag ids a careful reader lists", () => {
    expect(total.expected).toBe(51);
    expect(total.share, `missed:\n${total.missed.join("\n")}`).toBeGreaterThanOrEqual(0.9);
  });

  it("reports no tag the reader does not list", () => {
    expect(total.extra, `extra:\n${total.extra.join("\n")}`).toEqual([]);
  });

  it("counts custom pixels and names them, Shopify's own left out", () => {
    const wellow = pages.find((page) => page.domain === "wearwellow.com");
    expect(wellow?.marketing.custom_pixels).toEqual({
      count: 5,
      names: ["Convert", "Google Purchase conversion", "Framework cookie manager", "Outbrain", "AI Pro"],
    });
    const onlyShopifys = pages.find((page) => page.domain === "professordantcg.com");
    expect(onlyShopifys?.marketing).toEqual({ tags: [], custom_pixels: { count: 0, names: [] } });
  });

  it("gives every tag evidence of at most 160 characters", () => {
    for (const tag of pages.flatMap((page) => page.marketing.tags)) expect(tag.evidence.length).toBeLessThanOrEqual(160);
  });
});
