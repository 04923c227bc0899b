import { describe, expect, it } from "vitest";
import { SAMPLE_APPS } from "@/testing/fake-store";
import { detectInRenderedPage, findingsAfterRender } from "./render-findings";

const served = {
  theme: null,
  apps: [{ slug: "klaviyo", name: "Klaviyo", category: "email-sms", evidence: "static.klaviyo.com" }],
  title: null,
  metaDescription: null,
  fetched: true,
  error: null,
};

describe("detection after render", () => {
  it("reads the rendered document and the URLs the page asked for with the served HTML's detectors", () => {
    const html = `<html><head>${SAMPLE_APPS.klaviyo}</head><body></body></html>`;
    const findings = detectInRenderedPage({ html, requestUrls: ["https://cdn.judge.me/widget_preloader.js"] });

    expect(findings.map((finding) => finding.slug)).toEqual(["klaviyo", "judge-me"]);
    expect(findings[1]!.evidence).toBe("requested https://cdn.judge.me/widget_preloader.js");
  });

  it("keeps only what the served HTML did not show, saying it was seen after render", () => {
    const rendered = detectInRenderedPage({
      html: `<html><head>${SAMPLE_APPS.klaviyo}${SAMPLE_APPS.judgeMe}</head></html>`,
      requestUrls: [],
    });
    const after = findingsAfterRender(served, rendered);

    expect(after.map((finding) => finding.slug)).toEqual(["judge-me"]);
    expect(after[0]!.evidence).toMatch(/^after render: /);
  });
});
