import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { EXPECTED_APPS } from "@/testing/real-storefronts/expected-apps";
import { addScores } from "@/testing/real-storefronts/score";
import { scoreApps } from "@/testing/real-storefronts/score-apps";
import { realStorefronts } from "@/testing/real-storefronts/truth";
import { reportStorefrontApps } from "./report-apps";

const pages = realStorefronts();

describe("apps on the 16 captured storefronts (testing/fixtures/real-storefronts)", () => {
  const scores = pages.map((page) => {
    const expectation = EXPECTED_APPS[page.domain];
    if (!expectation) throw new Error(`no app expectation for ${page.domain} (testing/real-storefronts/expected-apps.ts)`);

    return { page: page.domain, ...scoreApps(page.truth, expectation, reportStorefrontApps(loadHtml(page.html))) };
  });
  const total = addScores(scores);

  it("has an expectation for every page and no stale one", () => {
    expect(Object.keys(EXPECTED_APPS).sort()).toEqual(pages.map((page) => page.domain).sort());
  });

  it("finds at least 90% of the apps the pages certainly carry", () => {
    expect(total.expected).toBe(83);
    expect(total.share, `missed:\n${total.missed.join("\n")}`).toBeGreaterThanOrEqual(0.9);
  });

  it("reports no app the pages do not carry", () => {
    expect(total.extra).toEqual([]);
  });

  it("gives every app its evidence, source and confidence, and never a low-confidence app", () => {
    for (const page of pages) {
      for (const app of reportStorefrontApps(loadHtml(page.html)).apps) {
        expect(app.evidence.length).toBeGreaterThan(3);
        expect(app.evidence.length).toBeLessThanOrEqual(160);
        expect(app.source).toBeDefined();
        expect(["high", "medium"]).toContain(app.confidence);
      }
    }
  });
});
